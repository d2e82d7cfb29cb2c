import {
  CONTENT_ERROR_CODES,
  CONTENT_LIMITS,
  CreateItemSchema,
  FRAMEWORK_LIMITS,
  type ContentScope,
  type CreateItem,
} from '@tenantry/shared';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { keyFromTitle } from '#web/lib/content/content-fields.ts';
import type { ItemKind } from '#web/lib/content/content-kinds.ts';
import { SCOPE_AUDIENCES } from '#web/lib/content/scope-labels.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateItem } from '../../api/items/create-item.ts';
import { t } from '../../messages.ts';

interface CreateItemModalProps {
  kind: ItemKind;
  opened: boolean;
  onClose: () => void;
  scopes: ContentScope[];
  hrefFor: (id?: string) => string;
}

/** "New playbook" or "New article": scope, title and key; creates a draft and opens it. */
export function CreateItemModal({ kind, opened, onClose, scopes, hrefFor }: CreateItemModalProps) {
  const create = useCreateItem(kind);
  const navigate = useNavigate();
  const scopeLabelId = useId();
  const [formError, setFormError] = useState<unknown>(null);
  const [keyEdited, setKeyEdited] = useState(false);
  const form = useForm<CreateItem>({
    initialValues: { scope: scopes[0] ?? 'private', key: '', title: '' },
    validate: schemaResolver(CreateItemSchema, { sync: true }),
  });

  function close() {
    form.reset();
    setKeyEdited(false);
    setFormError(null);
    onClose();
  }

  async function submit(body: CreateItem) {
    setFormError(null);
    try {
      const item = await create.mutateAsync(body);
      notifications.show({ color: 'green', message: t('create.created', { title: item.title }) });
      close();
      void navigate(hrefFor(item.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === CONTENT_ERROR_CODES.keyTaken) {
        form.setFieldError('key', t('create.keyTaken', { kind }));
        return;
      }
      if (!applyServerErrors(form, err)) setFormError(err);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t('create.title', { kind })}>
      <form
        onSubmit={form.onSubmit((v) => void submit(v))}
        noValidate
        aria-label={t('create.title', { kind })}
      >
        <Stack gap="sm">
          {formError ? <ErrorAlert error={formError} /> : null}
          {scopes.length > 1 ? (
            <div>
              <Text size="sm" fw={500} id={scopeLabelId} mb={4}>
                {t('create.scope.label')}
              </Text>
              <SegmentedControl
                aria-labelledby={scopeLabelId}
                fullWidth
                data={scopes.map((s) => ({ value: s, label: SCOPE_AUDIENCES[s] }))}
                {...form.getInputProps('scope')}
              />
            </div>
          ) : null}
          <TextInput
            label={t('create.title.label')}
            required
            maxLength={CONTENT_LIMITS.title}
            data-autofocus
            {...form.getInputProps('title')}
            onChange={(e) => {
              const title = e.currentTarget.value;
              form.setFieldValue('title', title);
              if (!keyEdited) form.setFieldValue('key', keyFromTitle(title));
            }}
          />
          <TextInput
            label={t('create.key.label')}
            description={t('create.key.hint')}
            required
            maxLength={FRAMEWORK_LIMITS.key}
            {...form.getInputProps('key')}
            onChange={(e) => {
              setKeyEdited(true);
              form.setFieldValue('key', e.currentTarget.value);
            }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit', { kind })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
