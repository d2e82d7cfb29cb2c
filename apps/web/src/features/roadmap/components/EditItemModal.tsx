import { ROADMAP_LIMITS, SuggestRoadmapItemSchema, type RoadmapItem } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useUpdateItem } from '../api/update-item.ts';

interface Values {
  title: string;
  description: string;
  tags: string[];
}

function validate(values: Values) {
  const parsed = SuggestRoadmapItemSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((i) => [i.path.join('.') || 'title', i.message]),
  );
}

function EditForm({ item, onClose }: { item: RoadmapItem; onClose: () => void }) {
  const update = useUpdateItem();
  const form = useForm<Values>({
    initialValues: { title: item.title, description: item.description, tags: item.tags },
    validate,
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label="Edit the roadmap item"
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { id: item.id, ...v },
          { onSuccess: onClose, onError: (err) => applyServerErrors(form, err) },
        ),
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
        {update.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff: change an item's title, description or tags. */
export function EditItemModal({
  item,
  onClose,
}: {
  item: RoadmapItem | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Edit the roadmap item" size="lg">
      {item ? <EditForm item={item} onClose={onClose} /> : null}
    </Modal>
  );
}
