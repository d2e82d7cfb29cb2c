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
import { newPasswordHint } from '../lib/auth-forms.ts';
import {
  ChangeEmailFormSchema,
  ChangePasswordFormSchema,
  DisplayNameFormSchema,
  changeEmailErrorMessage,
  changeEmailNotice,
  changePasswordError,
} from '../lib/profile-forms.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      aria-label={t('name.form')}
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
          label={t('name.label')}
          description={t('name.description')}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX + 20}
          {...form.getInputProps('displayName')}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            {t('name.save')}
          </Button>
          {saved ? (
            <Text size="sm" c="teal" role="status">
              {t('name.saved')}
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
      aria-label={t('password.form')}
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
        {done ? <Done>{t('password.changed')}</Done> : null}
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={newPasswordHint()}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.repeat')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Text size="sm" c="dimmed">
          {t('password.signsOut')}
        </Text>
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
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
      aria-label={t('email.form')}
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
          {rich(
            t,
            'email.current',
            {},
            { email: <strong style={{ overflowWrap: 'anywhere' }}>{user.email}</strong> },
          )}
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
          label={t('email.label')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('newEmail')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('email.submit')}
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
        {t('profile.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <FormCard title={t('profile.name.title')} id="profile-name-heading">
          <DisplayNameForm user={user} />
        </FormCard>
        <FormCard title={t('profile.email.title')} id="profile-email-heading">
          <ChangeEmailForm user={user} />
        </FormCard>
        <FormCard title={t('profile.password.title')} id="profile-password-heading">
          <ChangePasswordForm onChanged={onPasswordChanged} />
        </FormCard>
      </SimpleGrid>
    </Stack>
  );
}
