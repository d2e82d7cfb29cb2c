import { DISPLAY_NAME_MAX, type CurrentUser } from '@tenantry/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { NEW_PASSWORD_HINT } from '../lib/auth-forms.ts';
import {
  ChangeEmailFormSchema,
  ChangePasswordFormSchema,
  DisplayNameFormSchema,
  changeEmailErrorMessage,
  changeEmailNotice,
  changePasswordError,
} from '../lib/profile-forms.ts';

function Done({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={18} aria-hidden />}
    >
      {children}
    </Alert>
  );
}

function FormCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function DisplayNameForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { displayName: user.displayName === user.email ? '' : user.displayName },
    validate: schemaResolver(DisplayNameFormSchema, { sync: true }),
    transformValues: (values) => DisplayNameFormSchema.parse(values),
    onValuesChange: () => setSaved(false),
  });
  return (
    <form
      noValidate
      aria-label="Your name"
      onSubmit={form.onSubmit((input) => {
        setSaved(false);
        update.mutate(input, {
          onSuccess: (me) => {
            form.setInitialValues({ displayName: me.displayName });
            form.setValues({ displayName: me.displayName });
            setSaved(true);
          },
          onError: (err) => {
            if (!applyServerErrors(form, err)) form.setFieldError('displayName', err.message);
          },
        });
      })}
    >
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Display name"
          description="How colleagues and clients see you."
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX + 20}
          {...form.getInputProps('displayName')}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            Save name
          </Button>
          {saved ? (
            <Text size="sm" c="teal" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(ChangePasswordFormSchema, { sync: true }),
    onValuesChange: () => setDone(false),
  });
  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit(({ currentPassword, newPassword }) => {
        setDone(false);
        setProblem(null);
        change.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => {
              form.reset();
              setDone(true);
              onChanged();
            },
            onError: (err) => {
              const { field, message } = changePasswordError(err);
              if (field) form.setFieldError(field, message);
              else setProblem(message);
            },
          },
        );
      })}
    >
      <Stack gap="sm" maw={480}>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        {done ? (
          <Done>
            Your password was changed. You were signed out on every other browser and device; they
            need the new password to sign in again.
          </Done>
        ) : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Text size="sm" c="dimmed">
          Changing your password signs you out everywhere else.
        </Text>
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const change = useChangeEmail();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newEmail: '' },
    validate: schemaResolver(ChangeEmailFormSchema, { sync: true }),
    transformValues: (values) => ChangeEmailFormSchema.parse(values),
  });
  return (
    <form
      noValidate
      aria-label="Change e-mail address"
      onSubmit={form.onSubmit(({ newEmail }) => {
        setNotice(null);
        change.mutate(newEmail, {
          onSuccess: () => {
            setNotice(changeEmailNotice(user, newEmail));
            form.reset();
          },
          onError: (err) => form.setFieldError('newEmail', changeEmailErrorMessage(err)),
        });
      })}
    >
      <Stack gap="sm" maw={480}>
        <Text size="sm">
          You sign in with <strong style={{ overflowWrap: 'anywhere' }}>{user.email}</strong>.
        </Text>
        {notice ? (
          <Alert
            color="blue"
            variant="light"
            role="status"
            icon={<IconMailForward size={18} aria-hidden />}
          >
            {notice}
          </Alert>
        ) : null}
        <TextInput
          label="New e-mail address"
          type="email"
          autoComplete="email"
          {...form.getInputProps('newEmail')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change e-mail address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Your profile" on admin/security: the display name, the password (ends the other sessions)
 * and the e-mail address (changes once the new one is confirmed).
 */
export function ProfileSection({
  user,
  onPasswordChanged,
}: {
  user: CurrentUser;
  /** After a password change: the other sessions have ended. */
  onPasswordChanged: () => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-heading" id="profile">
      <Title order={2} size="h3" id="profile-heading">
        Your profile
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <FormCard title="Name" id="profile-name-heading">
          <DisplayNameForm user={user} />
        </FormCard>
        <FormCard title="E-mail address" id="profile-email-heading">
          <ChangeEmailForm user={user} />
        </FormCard>
        <FormCard title="Password" id="profile-password-heading">
          <ChangePasswordForm onChanged={onPasswordChanged} />
        </FormCard>
      </SimpleGrid>
    </Stack>
  );
}
