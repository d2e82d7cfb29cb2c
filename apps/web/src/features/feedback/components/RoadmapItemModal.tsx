import type { FeedbackItem } from '@tenantry/shared';
import { TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTurnIntoRoadmapItem } from '../api/turn-into-roadmap-item.ts';
import {
  RoadmapItemFormSchema,
  roadmapItemDraft,
  type RoadmapItemFormValues,
} from '../lib/feedback-form.ts';
import { TurnIntoForm, TurnIntoModal } from './TurnIntoModal.tsx';

const TITLE = 'Turn into a roadmap item';

/** "Roadmap item…": puts the feedback on the roadmap (approved at once) and marks it handled. */
export function RoadmapItemModal({
  item,
  onClose,
}: {
  item: FeedbackItem | null;
  onClose: () => void;
}) {
  return (
    <TurnIntoModal title={TITLE} item={item} onClose={onClose}>
      {(it) => <RoadmapItemForm item={it} onClose={onClose} />}
    </TurnIntoModal>
  );
}

function RoadmapItemForm({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const turn = useTurnIntoRoadmapItem();
  const form = useForm<RoadmapItemFormValues>({
    initialValues: roadmapItemDraft(item),
    validate: schemaResolver(RoadmapItemFormSchema, { sync: true }),
  });
  return (
    <TurnIntoForm
      title={TITLE}
      form={form}
      mutation={turn}
      fieldErrors={Boolean(form.errors.title ?? form.errors.description)}
      errorTitle="Not put on the roadmap"
      submitLabel="Put on the roadmap"
      doneMessage="The roadmap item is published and the feedback is marked handled."
      submit={(values, callbacks) =>
        turn.mutate({ id: item.id, item: RoadmapItemFormSchema.parse(values) }, callbacks)
      }
      onClose={onClose}
    >
      <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        description="Markdown. Everyone signed in sees it on the roadmap."
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('description')}
      />
    </TurnIntoForm>
  );
}
