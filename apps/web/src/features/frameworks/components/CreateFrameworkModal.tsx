import { CreateFrameworkSchema, type ContentScope, type CreateFramework } from '@tenantry/shared';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { keyFromName } from '#web/lib/content/content-fields.ts';
import { SCOPE_HINTS, SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateFramework } from '../api/create-framework.ts';
import { t } from '../messages.ts';

interface CreateFrameworkModalProps {
  opened: boolean;
  onClose: () => void;
  scopes: readonly ContentScope[];
  hrefFor: (focus?: string) => string;
}

/** "New framework": scope, name and key; creates an empty draft and opens it. */
export function CreateFrameworkModal({
  opened,
  onClose,
  scopes,
  hrefFor,
}: CreateFrameworkModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} size="lg">
      {opened ? <CreateFrameworkForm scopes={scopes} hrefFor={hrefFor} onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateFrameworkForm({
  scopes,
  hrefFor,
  onClose,
}: Omit<CreateFrameworkModalProps, 'opened'>) {
  const create = useCreateFramework();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<unknown>(null);
  const [keyEdited, setKeyEdited] = useState(false);
  const form = useForm<CreateFramework>({
    initialValues: { scope: scopes[0] ?? 'private', key: '', name: '' },
    validate: schemaResolver(CreateFrameworkSchema, { sync: true }),
  });

  async function submit(values: CreateFramework) {
    setFormError(null);
    try {
      const detail = await create.mutateAsync(values);
      notifications.show({ message: t('create.created', { name: detail.name }), color: 'green' });
      onClose();
      void navigate(hrefFor(detail.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'content.key_taken') {
        form.setFieldError('key', err.message);
        return;
      }
      if (!applyServerErrors(form, err)) setFormError(err);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('create.title')}>
      <Stack gap="sm">
        {formError ? <ErrorAlert error={formError} /> : null}
        {scopes.length > 1 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-framework-scope">
              {t('create.scope')}
            </Text>
            <SegmentedControl
              aria-labelledby="new-framework-scope"
              data={scopes.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
              {...form.getInputProps('scope')}
            />
            <Text size="xs" c="dimmed">
              {SCOPE_HINTS[form.values.scope]}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('create.scopeFixed', {
              scope: SCOPE_LABELS[form.values.scope],
              hint: SCOPE_HINTS[form.values.scope].toLowerCase(),
            })}
          </Text>
        )}
        <TextInput
          label={t('create.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
          onChange={(e) => {
            const name = e.currentTarget.value;
            form.setFieldValue('name', name);
            if (!keyEdited) form.setFieldValue('key', keyFromName(name));
          }}
        />
        <TextInput
          label={t('create.key')}
          description={t('create.key.description')}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('key')}
          onChange={(e) => {
            setKeyEdited(true);
            form.setFieldValue('key', e.currentTarget.value);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
