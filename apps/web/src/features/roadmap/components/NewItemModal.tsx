import { useCreateItem } from '../api/create-item.ts';
import { ItemForm, ItemFormModal } from './ItemForm.tsx';

function NewItemForm({ onClose }: { onClose: () => void }) {
  const create = useCreateItem();
  return (
    <ItemForm
      mode="new"
      initialValues={{ title: '', description: '', tags: [], status: 'planned' }}
      mutation={create}
      submit={(values, { onError }) => create.mutate(values, { onSuccess: onClose, onError })}
      onClose={onClose}
    />
  );
}

/** Staff: put an item on the roadmap directly (everyone sees it at once). */
export function NewItemModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ItemFormModal mode="new" opened={opened} onClose={onClose}>
      <NewItemForm onClose={onClose} />
    </ItemFormModal>
  );
}
