import type { RoadmapItem } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useMergeItem } from '../api/merge-item.ts';
import { useStaffRoadmapList } from '../api/staff-list.ts';

function MergeForm({ item, onClose }: { item: RoadmapItem; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [targetId, setTargetId] = useState<string | null>(null);
  const found = useStaffRoadmapList({ state: 'approved', q: q.trim() });
  const merge = useMergeItem();
  const options = (found.data?.pages ?? [])
    .flatMap((p) => p.items)
    .filter((i) => i.id !== item.id && !i.mergedInto)
    .map((i) => ({ value: i.id, label: `${i.title} (${i.voteCount})` }));
  return (
    <form
      aria-label="Merge into another item"
      onSubmit={(e) => {
        e.preventDefault();
        if (targetId) merge.mutate({ id: item.id, targetId }, { onSuccess: onClose });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          “{item.title}” has {item.voteCount} {item.voteCount === 1 ? 'vote' : 'votes'}. They move
          to the item you pick (someone who voted for both counts once); its comments stay readable
          there.
        </Text>
        <Select
          label="Merge into"
          placeholder="Search by title"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={targetId}
          onChange={setTargetId}
          data={options}
          filter={({ options: o }) => o}
          nothingFoundMessage={found.isFetching ? 'Searching…' : 'No item on the roadmap matches'}
        />
        {merge.isError ? (
          <Alert color="red" variant="light" role="alert">
            {merge.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!targetId} loading={merge.isPending}>
            Merge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff: merge a duplicate into another item, picked by searching titles. */
export function MergeModal({ item, onClose }: { item: RoadmapItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Merge a duplicate" size="lg">
      {item ? <MergeForm item={item} onClose={onClose} /> : null}
    </Modal>
  );
}
