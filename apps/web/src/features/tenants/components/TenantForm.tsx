import { TENANT_LIMITS, TENANT_SIZES } from '@tenantry/shared';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CreateTenantInput } from '@tenantry/shared';
import { ApiError } from '#web/lib/api.ts';
import {
  EMPTY_CONTACT,
  errorFor,
  validateTenantForm,
  type ContactValues,
  type FieldErrors,
  type TenantFormValues,
} from '../lib/tenant-form.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

interface TenantFormProps {
  initial: TenantFormValues;
  submitLabel: string;
  /** Resolves when saved; a rejected ApiError with fields is shown beside the fields. */
  onSubmit: (body: CreateTenantInput) => Promise<unknown>;
  onCancel?: () => void;
  /** A label for the form element (its accessible name). */
  label: string;
}

/** Name, industry, size, tags, contacts and notes of a client tenant (create and edit). */
export function TenantForm({ initial, submitLabel, onSubmit, onCancel, label }: TenantFormProps) {
  const [values, setValues] = useState<TenantFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof TenantFormValues>(key: K, value: TenantFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setContact = (i: number, patch: Partial<ContactValues>) =>
    setValues((v) => ({
      ...v,
      contacts: v.contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const checked = validateTenantForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(checked.body);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Stack gap="sm">
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <TextInput
          label="Name"
          required
          maxLength={TENANT_LIMITS.name}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Industry"
            maxLength={TENANT_LIMITS.industry}
            value={values.industry}
            onChange={(e) => set('industry', e.currentTarget.value)}
            error={errors.industry}
            miw={180}
          />
          <Select
            label="Size"
            placeholder="Number of employees"
            data={TENANT_SIZES.map((s) => ({ value: s, label: `${s} employees` }))}
            value={values.size || null}
            onChange={(v) => set('size', (v ?? '') as TenantFormValues['size'])}
            clearable
            error={errors.size}
            miw={180}
          />
        </Group>
        <TagsInput
          label="Tags"
          description={`Up to ${TENANT_LIMITS.tags}; press Enter after each.`}
          value={values.tags}
          onChange={(tags) => set('tags', tags)}
          maxTags={TENANT_LIMITS.tags}
          error={errorFor(errors, 'tags')}
          clearable
        />
        <Fieldset legend="Contacts" variant="unstyled">
          <Stack gap="xs">
            {values.contacts.length === 0 ? (
              <Text size="sm" c="dimmed">
                No contacts yet.
              </Text>
            ) : null}
            {values.contacts.map((c, i) => (
              <Group key={i} align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={`Contact ${i + 1} name`}
                  value={c.name}
                  onChange={(e) => setContact(i, { name: e.currentTarget.value })}
                  error={errors[`contacts.${i}.name`]}
                  miw={140}
                  style={{ flex: 1 }}
                />
                <TextInput
                  label={`Contact ${i + 1} e-mail`}
                  type="email"
                  value={c.email}
                  onChange={(e) => setContact(i, { email: e.currentTarget.value })}
                  error={errors[`contacts.${i}.email`]}
                  miw={160}
                  style={{ flex: 1 }}
                />
                <TextInput
                  label={`Contact ${i + 1} phone`}
                  value={c.phone}
                  onChange={(e) => setContact(i, { phone: e.currentTarget.value })}
                  error={errors[`contacts.${i}.phone`]}
                  miw={120}
                  style={{ flex: 1 }}
                />
                <TextInput
                  label={`Contact ${i + 1} role`}
                  value={c.role}
                  onChange={(e) => setContact(i, { role: e.currentTarget.value })}
                  error={errors[`contacts.${i}.role`]}
                  miw={120}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove contact ${i + 1}`}
                  onClick={() =>
                    setValues((v) => ({ ...v, contacts: v.contacts.filter((_, j) => j !== i) }))
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.contacts ? (
              <Text size="sm" c="red">
                {errors.contacts}
              </Text>
            ) : null}
            {values.contacts.length < TENANT_LIMITS.contacts ? (
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() =>
                    setValues((v) => ({ ...v, contacts: [...v.contacts, { ...EMPTY_CONTACT }] }))
                  }
                >
                  Add contact
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxRows={12}
          maxLength={TENANT_LIMITS.notes}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
