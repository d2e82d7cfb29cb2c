import {
  ROADMAP_STAFF_STATES,
  ROADMAP_STATUSES,
  type RoadmapItem,
  type RoadmapStatus,
} from '@tenantry/shared';
import { roadmapStatusLabel } from '#web/lib/labels.ts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useApproveItem } from '../api/approve-item.ts';
import { useSetItemStatus } from '../api/set-item-status.ts';
import { useStaffRoadmapList } from '../api/staff-list.ts';
import { STATUS_COLORS, votesLabel } from '../lib/roadmap-view.ts';
import { readStaffState, staffStateLabel, type StaffState } from '../lib/staff-view.ts';
import { t } from '../messages.ts';
import { EditItemModal } from './EditItemModal.tsx';
import { MergeModal } from './MergeModal.tsx';
import { NewItemModal } from './NewItemModal.tsx';

const failed = (title: string) => (err: Error) =>
  notifications.show({ color: 'red', title, message: err.message });

function TriageRow({
  item,
  onMerge,
  onEdit,
}: {
  item: RoadmapItem;
  onMerge: () => void;
  onEdit: () => void;
}) {
  const approve = useApproveItem();
  const setStatus = useSetItemStatus();
  return (
    <Card withBorder padding="sm" component="article" aria-label={item.title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor
            component={Link}
            to={`/roadmap?item=${encodeURIComponent(item.id)}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Anchor>
          <Group gap={6}>
            {item.mergedInto ? (
              <Badge
                color="gray"
                variant="light"
                h="auto"
                maw="100%"
                // A long title wraps instead of being cut off on a phone.
                styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                {t('triage.mergedInto', { title: item.mergedInto.title })}
              </Badge>
            ) : !item.approved ? (
              <Badge color="orange" variant="light">
                {t('item.waiting')}
              </Badge>
            ) : null}
            <Badge color={STATUS_COLORS[item.status]} variant="light">
              {roadmapStatusLabel(item.status)}
            </Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {item.author
            ? t('triage.suggestedBy', { name: item.author.name, email: item.author.email })
            : t('triage.addedByStaff')}{' '}
          · {formatDateTime(item.createdAt)} · {votesLabel(item.voteCount)}
        </Text>
        {item.mergedInto ? null : (
          <Group gap="xs" align="flex-end">
            {!item.approved ? (
              <Button
                size="xs"
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(
                    { id: item.id },
                    {
                      onSuccess: () =>
                        notifications.show({
                          message: t('triage.approved', { title: item.title }),
                        }),
                      onError: failed(t('triage.approveFailed')),
                    },
                  )
                }
              >
                {t('triage.approve')}
              </Button>
            ) : null}
            <Select
              size="xs"
              aria-label={t('triage.status.label', { title: item.title })}
              value={item.status}
              allowDeselect={false}
              disabled={setStatus.isPending}
              data={ROADMAP_STATUSES.map((s) => ({ value: s, label: roadmapStatusLabel(s) }))}
              onChange={(v) => {
                if (!v || v === item.status) return;
                setStatus.mutate(
                  { id: item.id, status: v as RoadmapStatus },
                  { onError: failed(t('triage.statusFailed')) },
                );
              }}
              w={150}
            />
            <Button size="xs" variant="default" onClick={onEdit}>
              {t('triage.edit')}
            </Button>
            <Button size="xs" variant="default" onClick={onMerge}>
              {t('triage.merge')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The service console's roadmap tab: approve suggestions, move items, merge duplicates. */
export function RoadmapTriagePanel() {
  const [params, setParams] = useSearchParams();
  const state = readStaffState(params.get('state'));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useStaffRoadmapList({ state, q });
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const pendingCount = pages[0]?.pendingCount;
  const [merging, setMerging] = useState<RoadmapItem | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RoadmapItem | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScrollArea type="auto" offsetScrollbars maw="100%">
          <SegmentedControl
            aria-label={t('triage.state.label')}
            value={state}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              next.set('state', v);
              setParams(next);
            }}
            data={ROADMAP_STAFF_STATES.map((s: StaffState) => ({
              value: s,
              label:
                s === 'pending' && pendingCount !== undefined
                  ? t('triage.state.pendingCount', {
                      label: staffStateLabel(s),
                      count: pendingCount,
                    })
                  : staffStateLabel(s),
            }))}
          />
        </ScrollArea>
        <TextInput
          aria-label={t('triage.search')}
          placeholder={t('triage.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Button onClick={() => setCreating(true)}>{t('triage.new')}</Button>
      </Group>
      <PagedList
        query={list}
        count={items.length}
        noun={t('list.noun')}
        empty={
          <Text c="dimmed" role="status">
            {state === 'pending' ? t('triage.empty.pending') : t('triage.empty.other')}
          </Text>
        }
      >
        <Stack gap="sm">
          {items.map((i) => (
            <TriageRow
              key={i.id}
              item={i}
              onMerge={() => setMerging(i)}
              onEdit={() => setEditing(i)}
            />
          ))}
        </Stack>
      </PagedList>
      <MergeModal item={merging} onClose={() => setMerging(null)} />
      <NewItemModal opened={creating} onClose={() => setCreating(false)} />
      <EditItemModal item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
