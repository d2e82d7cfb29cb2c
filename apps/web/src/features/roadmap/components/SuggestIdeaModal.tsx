import type { RoadmapItem } from '@tenantry/shared';
import { useSuggestItem } from '../api/suggest-item.ts';
import { ItemForm, ItemFormModal } from './ItemForm.tsx';

function SuggestForm({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (i: RoadmapItem) => void;
}) {
  const suggest = useSuggestItem();
  return (
    <ItemForm
      mode="suggest"
      initialValues={{ title: '', description: '', tags: [] }}
      mutation={suggest}
      submit={({ title, description, tags }, { onError }) =>
        suggest.mutate({ title, description, tags }, { onSuccess: onSent, onError })
      }
      onClose={onClose}
    />
  );
}

/** "Suggest an idea": the form in a dialog (a fresh form each time it opens). */
export function SuggestIdeaModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (item: RoadmapItem) => void;
}) {
  return (
    <ItemFormModal mode="suggest" opened={opened} onClose={onClose}>
      <SuggestForm onClose={onClose} onSent={onSent} />
    </ItemFormModal>
  );
}
