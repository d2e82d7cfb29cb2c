import type { FeedbackItem } from '@tenantry/shared';
import { TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTurnIntoRoadmapItem } from '../api/turn-into-roadmap-item.ts';
import {
  RoadmapItemFormSchema,
  roadmapItemDraft,
  type RoadmapItemFormValues,
} from '../lib/feedback-form.ts';
import { t } from '../messages.ts';
import { TurnIntoForm, TurnIntoModal } from './TurnIntoModal.tsx';

/** "Roadmap item…": puts the feedback on the roadmap (approved at once) and marks it handled. */
export function RoadmapItemModal({
  item,
  onClose,
}: {
  item: FeedbackItem | null;
  onClose: () => void;
}) {
  return (
    <TurnIntoModal title={t('roadmap.title')} item={item} onClose={onClose}>
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
      title={t('roadmap.title')}
      form={form}
      mutation={turn}
      fieldErrors={Boolean(form.errors.title ?? form.errors.description)}
      errorTitle={t('roadmap.failed')}
      submitLabel={t('roadmap.submit')}
      doneMessage={t('roadmap.done')}
      submit={(values, callbacks) =>
        turn.mutate({ id: item.id, item: RoadmapItemFormSchema.parse(values) }, callbacks)
      }
      onClose={onClose}
    >
      <TextInput
        label={t('roadmap.title.label')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('roadmap.description.label')}
        description={t('roadmap.description.hint')}
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('description')}
      />
    </TurnIntoForm>
  );
}
