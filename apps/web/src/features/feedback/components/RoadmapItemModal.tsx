import type { FeedbackItem } from '@tenantry/shared';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useTurnIntoRoadmapItem } from '../api/turn-into-roadmap-item.ts';
import {
  RoadmapItemFormSchema,
  roadmapItemDraft,
  type RoadmapItemFormValues,
} from '../lib/feedback-form.ts';

/** "Roadmap item…": puts the feedback on the roadmap (approved at once) and marks it handled. */
export function RoadmapItemModal({
  item,
  onClose,
}: {
  item: FeedbackItem | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Turn into a roadmap item" centered>
      {item ? <RoadmapItemForm item={item} onClose={onClose} /> : null}
    </Modal>
  );
}

function RoadmapItemForm({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const turn = useTurnIntoRoadmapItem();
  const form = useForm<RoadmapItemFormValues>({
    initialValues: roadmapItemDraft(item),
    validate: schemaResolver(RoadmapItemFormSchema, { sync: true }),
  });
  const fieldErrors = Boolean(form.errors.title ?? form.errors.description);
  return (
    <form
      noValidate
      aria-label="Turn into a roadmap item"
      onSubmit={form.onSubmit((values) =>
        turn.mutate(
          { id: item.id, item: RoadmapItemFormSchema.parse(values) },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: 'The roadmap item is published and the feedback is marked handled.',
              });
              onClose();
            },
            onError: (err) => applyServerErrors(form, err),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="Markdown. Everyone signed in sees it on the roadmap."
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('description')}
        />
        {turn.isError && !fieldErrors ? (
          <ErrorAlert title="Not put on the roadmap" error={turn.error} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={turn.isPending}>
            Put on the roadmap
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
