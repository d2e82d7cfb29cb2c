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
import { t } from '../messages.ts';

const ROLE_KEYS = { admin: 'provider.role.admin', member: 'provider.role.member' } as const;

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
        errors.clientSecret = t('provider.secret.required');
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
    <form noValidate aria-label={t('provider.form')} onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <TextInput
          label={t('provider.issuer.label')}
          description={t('provider.issuer.description', {
            first: t('provider.issuer.example', ISSUER_EXAMPLES[0]),
            second: t('provider.issuer.example', ISSUER_EXAMPLES[1]),
          })}
          // i18n-ignore: an example address
          placeholder="https://login.microsoftonline.com/…/v2.0"
          type="url"
          inputMode="url"
          autoComplete="off"
          withAsterisk
          disabled={locked}
          {...form.getInputProps('issuer')}
        />
        <TextInput
          label={t('provider.clientId.label')}
          description={t('provider.clientId.description')}
          autoComplete="off"
          withAsterisk
          disabled={locked}
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label={t('provider.secret.label')}
          description={
            config.provider?.clientSecretSet ? t('provider.secret.kept') : t('provider.secret.new')
          }
          autoComplete="new-password"
          withAsterisk={!config.provider}
          disabled={locked}
          {...form.getInputProps('clientSecret')}
        />
        <Select
          label={t('provider.role.label')}
          description={t('provider.role.description')}
          data={SSO_DEFAULT_ROLES.map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))}
          allowDeselect={false}
          w={320}
          maw="100%"
          disabled={locked}
          {...form.getInputProps('defaultRole')}
        />
        <Select
          label={t('provider.tenants.label')}
          description={t('provider.tenants.description')}
          data={[
            { value: 'all', label: t('provider.tenants.all') },
            { value: 'tags', label: t('provider.tenants.tags') },
          ]}
          allowDeselect={false}
          w={320}
          maw="100%"
          disabled={locked}
          {...form.getInputProps('defaultTenantAccess')}
        />
        {form.values.defaultTenantAccess === 'tags' ? (
          <TagsInput
            label={t('provider.tags.label')}
            description={t('provider.tags.description')}
            placeholder={t('provider.tags.placeholder')}
            maw={480}
            disabled={locked}
            {...form.getInputProps('defaultTenantTags')}
          />
        ) : null}
        <Switch
          label={t('provider.require.label')}
          description={t('provider.require.description')}
          disabled={locked}
          {...form.getInputProps('requireSso', { type: 'checkbox' })}
        />
        {general ? <ErrorAlert error={save.error} /> : null}
        {saved && !form.isDirty() ? (
          <Text size="sm" c="teal" role="status">
            {t('provider.saved')}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Button type="submit" loading={save.isPending} disabled={locked}>
            {config.provider ? t('provider.save') : t('provider.connect')}
          </Button>
          {config.provider ? (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('provider.disconnect')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('provider.disconnectTitle')}
        confirmLabel={t('provider.disconnectConfirm')}
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
        {t('provider.disconnectBody')}
      </ConfirmModal>
    </form>
  );
}
