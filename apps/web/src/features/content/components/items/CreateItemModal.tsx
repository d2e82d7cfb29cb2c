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
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreatePlaybook } from '../../api/playbooks/create-playbook.ts';
import { SCOPE_LABELS } from '../../lib/playbooks/author-scopes.ts';
import { keyFromTitle } from '../../lib/playbooks/playbook-form.ts';

interface CreatePlaybookModalProps {
  opened: boolean;
  onClose: () => void;
  scopes: ContentScope[];
  hrefFor: (id?: string) => string;
}

/** "New playbook": scope, title and key; creates a draft and opens it in the editor. */
export function CreatePlaybookModal({
  opened,
  onClose,
  scopes,
  hrefFor,
}: CreatePlaybookModalProps) {
  const create = useCreatePlaybook();
  const navigate = useNavigate();
  const scopeLabelId = useId();
  const [formError, setFormError] = useState<string | null>(null);
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
      const playbook = await create.mutateAsync(body);
      notifications.show({ color: 'green', message: `“${playbook.title}” was created.` });
      close();
      void navigate(hrefFor(playbook.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === CONTENT_ERROR_CODES.keyTaken) {
        form.setFieldError('key', 'Another playbook in this scope has this key. Choose another.');
        return;
      }
      if (!applyServerErrors(form, err)) {
        setFormError(err instanceof Error ? err.message : 'Something went wrong.');
      }
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="New playbook">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate aria-label="New playbook">
        <Stack gap="sm">
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          {scopes.length > 1 ? (
            <div>
              <Text size="sm" fw={500} id={scopeLabelId} mb={4}>
                Who reads it
              </Text>
              <SegmentedControl
                aria-labelledby={scopeLabelId}
                fullWidth
                data={scopes.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
                {...form.getInputProps('scope')}
              />
            </div>
          ) : null}
          <TextInput
            label="Title"
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
            label="Key"
            description="Its stable name in files and framework links: lowercase letters, digits, “.” and “-”."
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
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create playbook
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
