import type { RoadmapItem } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useMergeItem } from '../api/merge-item.ts';
import { useStaffRoadmapList } from '../api/staff-list.ts';
import { t } from '../messages.ts';

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
      aria-label={t('merge.form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (targetId) merge.mutate({ id: item.id, targetId }, { onSuccess: onClose });
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('merge.intro', { title: item.title, count: item.voteCount })}</Text>
        <Select
          label={t('merge.target.label')}
          placeholder={t('merge.target.placeholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={targetId}
          onChange={setTargetId}
          data={options}
          filter={({ options: o }) => o}
          nothingFoundMessage={found.isFetching ? t('merge.searching') : t('merge.nothingFound')}
        />
        {merge.isError ? (
          <Alert color="red" variant="light" role="alert">
            {merge.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('merge.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!targetId} loading={merge.isPending}>
            {t('merge.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff: merge a duplicate into another item, picked by searching titles. */
export function MergeModal({ item, onClose }: { item: RoadmapItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('merge.title')} size="lg">
      {item ? <MergeForm item={item} onClose={onClose} /> : null}
    </Modal>
  );
}
