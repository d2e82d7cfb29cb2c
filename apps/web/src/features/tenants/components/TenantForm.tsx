import { TENANT_LIMITS, TENANT_SIZES, type CreateTenantInput } from '@tenantry/shared';
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
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import {
  EMPTY_CONTACT,
  errorFor,
  tenantFormErrors,
  toTenantBody,
  type TenantFormValues,
} from '../lib/tenant-form.ts';
import { t } from '../messages.ts';

interface TenantFormProps {
  initial: TenantFormValues;
  submitLabel: string;
  /** Resolves when saved; a rejected ApiError with fields is shown beside the fields. */
  onSubmit: (body: CreateTenantInput) => Promise<unknown>;
  onCancel?: () => void;
  /** A label for the form element (its accessible name). */
  label: string;
  /** Told whenever the form starts or stops differing from `initial` (unsaved edits). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** A size in the size choice: "11–50 employees". */
const sizeOption = (size: (typeof TENANT_SIZES)[number]) => ({
  value: size,
  label: t('form.size.option', { size }),
});

/** Name, industry, size, tags, contacts and notes of a client tenant (create and edit). */
export function TenantForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  label,
  onDirtyChange,
}: TenantFormProps) {
  // The failure itself: ErrorAlert words it (an upgrade prompt when the plan refused it).
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    initialValues: initial,
    validate: tenantFormErrors,
    transformValues: toTenantBody,
  });
  const { values, errors } = form;
  const saving = form.submitting;
  const dirty = form.isDirty();
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  async function submit(body: CreateTenantInput) {
    setFormError(null);
    try {
      await onSubmit(body);
    } catch (err) {
      applyServerErrors(form, err);
      setFormError(err);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit, () => setFormError(null))} noValidate aria-label={label}>
      <Stack gap="sm">
        {formError ? <ErrorAlert error={formError} /> : null}
        <TextInput
          label={t('form.name')}
          required
          maxLength={TENANT_LIMITS.name}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('form.industry')}
            maxLength={TENANT_LIMITS.industry}
            {...form.getInputProps('industry')}
            miw={180}
          />
          <Select
            label={t('form.size')}
            placeholder={t('form.size.placeholder')}
            data={TENANT_SIZES.map(sizeOption)}
            value={values.size || null}
            onChange={(v) => form.setFieldValue('size', (v ?? '') as TenantFormValues['size'])}
            clearable
            error={errors.size}
            miw={180}
          />
        </Group>
        <TagsInput
          label={t('form.tags')}
          description={t('form.tags.description', { max: TENANT_LIMITS.tags })}
          {...form.getInputProps('tags')}
          maxTags={TENANT_LIMITS.tags}
          error={errorFor(errors, 'tags')}
          clearable
        />
        <Fieldset legend={t('form.contacts')} variant="unstyled">
          <Stack gap="xs">
            {values.contacts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('form.contacts.none')}
              </Text>
            ) : null}
            {values.contacts.map((c, i) => (
              <Group key={i} align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={t('form.contact.name', { n: i + 1 })}
                  {...form.getInputProps(`contacts.${i}.name`)}
                  miw={140}
                  flex={1}
                />
                <TextInput
                  label={t('form.contact.email', { n: i + 1 })}
                  type="email"
                  {...form.getInputProps(`contacts.${i}.email`)}
                  miw={160}
                  flex={1}
                />
                <TextInput
                  label={t('form.contact.phone', { n: i + 1 })}
                  {...form.getInputProps(`contacts.${i}.phone`)}
                  miw={120}
                  flex={1}
                />
                <TextInput
                  label={t('form.contact.role', { n: i + 1 })}
                  {...form.getInputProps(`contacts.${i}.role`)}
                  miw={120}
                  flex={1}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('form.contact.remove', { n: i + 1 })}
                  onClick={() => form.removeListItem('contacts', i)}
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
                  onClick={() => form.insertListItem('contacts', { ...EMPTY_CONTACT })}
                >
                  {t('form.contact.add')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
        <Textarea
          label={t('form.notes')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={TENANT_LIMITS.notes}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('form.cancel')}
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
