import type { RoadmapItem } from '@tenantry/shared';
import { useUpdateItem } from '../api/update-item.ts';
import { ItemForm, ItemFormModal } from './ItemForm.tsx';

function EditForm({ item, onClose }: { item: RoadmapItem; onClose: () => void }) {
  const update = useUpdateItem();
  return (
    <ItemForm
      mode="edit"
      initialValues={{ title: item.title, description: item.description, tags: item.tags }}
      mutation={update}
      submit={({ title, description, tags }, { onError }) =>
        update.mutate({ id: item.id, title, description, tags }, { onSuccess: onClose, onError })
      }
      onClose={onClose}
    />
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
    <ItemFormModal mode="edit" opened={item !== null} onClose={onClose}>
      {item ? <EditForm item={item} onClose={onClose} /> : null}
    </ItemFormModal>
  );
}
