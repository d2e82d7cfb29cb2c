import { SSO_DEFAULT_ROLES, SsoConfigInputSchema, type SsoConfig } from '@tenantry/shared';
import {
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useDisconnectSso, useSaveSso } from '../api/sso.ts';
import {
  formErrorsOf,
  initialValues,
  ISSUER_EXAMPLES,
  toInput,
  type SsoFormValues,
} from '../lib/sso-form.ts';

const ROLE_LABELS = { admin: 'Admin', member: 'Member' } as const;

/** The identity provider: issuer, client, "require SSO", the role of a first sign-in. */
export function SsoProviderForm({ config, locked }: { config: SsoConfig; locked: boolean }) {
  const save = useSaveSso();
  const disconnect = useDisconnectSso();
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useForm<SsoFormValues>({
    initialValues: initialValues(config),
    validate: (values) => {
      const parsed = SsoConfigInputSchema.safeParse(toInput(values));
      const errors: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      }
      if (!config.provider && !values.clientSecret.trim()) {
        errors.clientSecret = 'Enter the client secret.';
      }
      return errors;
    },
  });
  const submit = (values: SsoFormValues) => {
    setSaved(false);
    save.mutate(toInput(values), {
      onSuccess: (next) => {
        form.setValues(initialValues(next));
        form.resetDirty(initialValues(next));
        setSaved(true);
      },
      onError: (err) => {
        const errors = formErrorsOf(err);
        if (errors) form.setErrors(errors);
      },
    });
  };
  const general = save.isError && formErrorsOf(save.error) === null;
  return (
    <form noValidate aria-label="Identity provider" onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <TextInput
          label="Issuer URL"
          description={`As your provider names it, e.g. ${ISSUER_EXAMPLES.map((e) => `${e.issuer} (${e.name})`).join(' or ')}.`}
          placeholder="https://login.microsoftonline.com/…/v2.0"
          type="url"
          inputMode="url"
          autoComplete="off"
          withAsterisk
          disabled={locked}
          {...form.getInputProps('issuer')}
        />
        <TextInput
          label="Client ID"
          description="The application (client) ID of the app you registered for Tenantry."
          autoComplete="off"
          withAsterisk
          disabled={locked}
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label="Client secret"
          description={
            config.provider?.clientSecretSet
              ? 'Stored encrypted and never shown. Leave empty to keep it; type a new one to replace it.'
              : 'Stored encrypted and never shown again.'
          }
          autoComplete="new-password"
          withAsterisk={!config.provider}
          disabled={locked}
          {...form.getInputProps('clientSecret')}
        />
        <Select
          label="Role of a first sign-in"
          description="A first sign-in joins this account with this role."
          data={SSO_DEFAULT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          allowDeselect={false}
          w={320}
          maw="100%"
          disabled={locked}
          {...form.getInputProps('defaultRole')}
        />
        <Select
          label="Client tenants of a first sign-in"
          description="Which client tenants a person who joins through single sign-on reaches. Change it per member on the members screen."
          data={[
            { value: 'all', label: 'All client tenants' },
            { value: 'tags', label: 'Client tenants with these tags' },
          ]}
          allowDeselect={false}
          w={320}
          maw="100%"
          disabled={locked}
          {...form.getInputProps('defaultTenantAccess')}
        />
        {form.values.defaultTenantAccess === 'tags' ? (
          <TagsInput
            label="Tags"
            description="A client tenant tagged later reaches them at once. Press Enter after each tag."
            placeholder="e.g. team-north"
            maw={480}
            disabled={locked}
            {...form.getInputProps('defaultTenantTags')}
          />
        ) : null}
        <Switch
          label="Require single sign-on for the proven domains"
          description="Password sign-in, sign-up and password reset are refused for addresses there. Owners keep their password, the way in should the provider fail."
          disabled={locked}
          {...form.getInputProps('requireSso', { type: 'checkbox' })}
        />
        {general ? <ErrorAlert error={save.error} /> : null}
        {saved && !form.isDirty() ? (
          <Text size="sm" c="teal" role="status">
            Saved.
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Button type="submit" loading={save.isPending} disabled={locked}>
            {config.provider ? 'Save changes' : 'Connect provider'}
          </Button>
          {config.provider ? (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Disconnect the identity provider?"
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        error={disconnect.error ? <ErrorAlert error={disconnect.error} /> : null}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              form.setValues({ ...form.values, clientSecret: '' });
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          disconnect.reset();
        }}
      >
        Sign-in through it stops at once, and with it “require single sign-on”. People who joined
        through it stay members; they can set a password with “Forgot password”. The proven domains
        are kept.
      </ConfirmModal>
    </form>
  );
}
