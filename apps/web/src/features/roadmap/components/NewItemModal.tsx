import {
  CreateRoadmapItemSchema,
  ROADMAP_LIMITS,
  ROADMAP_STATUS_LABELS,
  ROADMAP_STATUSES,
  type RoadmapStatus,
} from '@tenantry/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateItem } from '../api/create-item.ts';

interface Values {
  title: string;
  description: string;
  tags: string[];
  status: RoadmapStatus;
}

function validate(values: Values) {
  const parsed = CreateRoadmapItemSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((i) => [i.path.join('.') || 'title', i.message]),
  );
}

function NewItemForm({ onClose }: { onClose: () => void }) {
  const create = useCreateItem();
  const form = useForm<Values>({
    initialValues: { title: '', description: '', tags: [], status: 'planned' },
    validate,
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label="New roadmap item"
      onSubmit={form.onSubmit((v) =>
        create.mutate(v, { onSuccess: onClose, onError: (err) => applyServerErrors(form, err) }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={ROADMAP_LIMITS.title}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          description="Markdown works."
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('description')}
        />
        <TagsInput label="Tags" maxTags={ROADMAP_LIMITS.tags} {...form.getInputProps('tags')} />
        <Select
          label="Status"
          allowDeselect={false}
          data={ROADMAP_STATUSES.map((s) => ({ value: s, label: ROADMAP_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
        />
        {create.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add to the roadmap
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff: put an item on the roadmap directly (everyone sees it at once). */
export function NewItemModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New roadmap item" size="lg">
      {opened ? <NewItemForm onClose={onClose} /> : null}
    </Modal>
  );
}
