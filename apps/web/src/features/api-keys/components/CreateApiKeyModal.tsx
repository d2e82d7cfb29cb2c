import { API_KEY_LIMITS, API_KEY_SCOPES, type CreatedApiKey } from '@tenantry/shared';
import { apiKeyScopeLabel, apiKeyScopeDescription } from '#web/lib/labels.ts';
import { Checkbox, Modal, Select, Stack, TextInput, type ComboboxItem } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import {
  EMPTY_API_KEY_FORM,
  apiKeyFormErrors,
  expiryRange,
  toCreateBody,
  toFormErrors,
  type ApiKeyFormValues,
} from '../lib/api-key-form.ts';
import { t } from '../messages.ts';

/**
 * The account's client tenants for the "Client tenant" picker. They come from the route (the
 * tenants feature), searched on the server as the person types.
 */
export interface TenantChoices {
  tenants: readonly { id: string; name: string }[];
  isLoading: boolean;
  /** What was typed in the picker: the list answers the tenants whose names match it. */
  onSearch: (q: string) => void;
  /** The picker is shown: ask for the list (not before, the page itself does not need it). */
  load: () => void;
}

function TenantSelect({
  choices,
  value,
  error,
  onChange,
}: {
  choices: TenantChoices;
  value: string;
  error: ReactNode;
  onChange: (id: string) => void;
}) {
  // The chosen tenant stays an option while a search answers others.
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const { load } = choices;
  useEffect(() => load(), [load]);
  const data = useMemo(() => {
    const options = choices.tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }));
    if (chosen && chosen.value === value && !options.some((o) => o.value === chosen.value)) {
      options.unshift(chosen);
    }
    return options;
  }, [choices.tenants, chosen, value]);
  return (
    <Select
      label={t('create.tenant.label')}
      description={t('create.tenant.description')}
      placeholder={t('create.tenant.placeholder')}
      data={data}
      value={value || null}
      onChange={(id, option) => {
        setChosen(option ?? null);
        onChange(id ?? '');
      }}
      searchable
      clearable
      // The server searches; every option it answers is shown.
      filter={({ options }) => options}
      onSearchChange={choices.onSearch}
      nothingFoundMessage={choices.isLoading ? t('create.tenant.loading') : t('create.tenant.none')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function CreateApiKeyForm({
  tenantChoices,
  onClose,
  onCreated,
}: {
  tenantChoices: TenantChoices;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<ApiKeyFormValues>({
    initialValues: EMPTY_API_KEY_FORM,
    validate: (v) => apiKeyFormErrors(v),
  });
  const range = useMemo(() => expiryRange(), []);
  const fieldErrors = create.isError && Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={t('create.form')}
      onSubmit={form.onSubmit((values) =>
        create.mutate(toCreateBody(values), {
          onSuccess: onCreated,
          onError: (err) => applyServerErrors(form, err, toFormErrors),
        }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t('create.name.label')}
          description={t('create.name.description')}
          withAsterisk
          maxLength={API_KEY_LIMITS.name}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label={t('create.scopes.label')}
          description={t('create.scopes.description')}
          withAsterisk
          {...form.getInputProps('scopes')}
        >
          <Stack gap="sm" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={apiKeyScopeLabel(scope)}
                description={apiKeyScopeDescription(scope)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <TenantSelect
          choices={tenantChoices}
          value={form.values.tenantId}
          error={form.errors.tenantId}
          onChange={(id) => form.setFieldValue('tenantId', id)}
        />
        <TextInput
          type="date"
          label={t('create.expiry.label')}
          description={t('create.expiry.description', { maxDays: String(API_KEY_LIMITS.maxDays) })}
          min={range.min}
          max={range.max}
          {...form.getInputProps('expiresOn')}
        />
        {create.isError && !fieldErrors ? (
          <ErrorAlert title={t('create.failed')} error={create.error} />
        ) : null}
        <FormActions
          submitLabel={t('create.submit')}
          pending={create.isPending}
          onCancel={onClose}
          gap="xs"
        />
      </Stack>
    </form>
  );
}

/**
 * "Create key": name, scopes (with what each allows), an optional client tenant and an
 * optional expiry date. On success the caller shows the secret, once.
 */
export function CreateApiKeyModal({
  opened,
  onClose,
  ...rest
}: {
  opened: boolean;
  onClose: () => void;
  tenantChoices: TenantChoices;
  onCreated: (created: CreatedApiKey) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} size="lg">
      {opened ? <CreateApiKeyForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
