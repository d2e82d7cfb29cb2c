import {
  ROADMAP_STATUSES,
  ROADMAP_VIEWS,
  type RoadmapStatus,
  type RoadmapView,
} from '@tenantry/shared';
import { roadmapStatusLabel, roadmapViewLabel } from '#web/lib/labels.ts';
import {
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '#web/components/PagedList.tsx';
import { useRoadmapList } from '../api/list-items.ts';
import { BOARD_COLUMNS, byStatus, readFilters, writeFilters } from '../lib/roadmap-view.ts';
import { t } from '../messages.ts';
import { ItemCard } from './ItemCard.tsx';
import { ItemDetailDrawer } from './ItemDetail.tsx';
import { SuggestIdeaModal } from './SuggestIdeaModal.tsx';

/** The roadmap screen's body: the view switcher, filters, the items, an item's detail. */
export function RoadmapPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const openId = params.get('item');
  const [suggesting, setSuggesting] = useState(false);
  const list = useRoadmapList(filters);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const tags = pages[0]?.tags ?? [];
  const change = (c: Parameters<typeof writeFilters>[1]) => setParams(writeFilters(params, c));
  const closeItem = () => {
    const next = new URLSearchParams(params);
    next.delete('item');
    setParams(next);
  };
  const columns: readonly RoadmapStatus[] = filters.status ? [filters.status] : BOARD_COLUMNS;
  const groups = byStatus(items);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            aria-label={t('list.view')}
            value={filters.view}
            onChange={(v) => change({ view: v as RoadmapView })}
            data={ROADMAP_VIEWS.map((v) => ({ value: v, label: roadmapViewLabel(v) }))}
          />
        </ScrollArea>
        <Button
          leftSection={<IconBulb size={16} aria-hidden />}
          onClick={() => setSuggesting(true)}
        >
          {t('list.suggest')}
        </Button>
      </Group>
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Select
          label={t('list.status.label')}
          placeholder={t('list.status.placeholder')}
          clearable
          value={filters.status}
          onChange={(v) => change({ status: (v as RoadmapStatus | null) ?? null })}
          data={ROADMAP_STATUSES.map((s) => ({ value: s, label: roadmapStatusLabel(s) }))}
          maw={260}
        />
        <Select
          label={t('list.tag.label')}
          placeholder={t('list.tag.placeholder')}
          clearable
          searchable
          value={filters.tag}
          onChange={(v) => change({ tag: v ?? null })}
          data={filters.tag && !tags.includes(filters.tag) ? [filters.tag, ...tags] : tags}
          nothingFoundMessage={t('list.tag.nothingFound')}
          maw={260}
        />
      </Group>
      <PagedList
        query={list}
        count={items.length}
        noun={t('list.noun')}
        empty={
          <Stack gap={4} role="status" align="flex-start">
            <Text fw={600}>{t('list.empty.title')}</Text>
            <Text c="dimmed" size="sm">
              {filters.status || filters.tag ? t('list.empty.filtered') : t('list.empty.first')}
            </Text>
          </Stack>
        }
      >
        {filters.view === 'board' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: columns.length }} spacing="md">
            {columns.map((s) => (
              <Stack key={s} gap="xs" component="section" aria-label={roadmapStatusLabel(s)}>
                <Title order={2} size="h5">
                  {roadmapStatusLabel(s)} ({groups[s].length})
                </Title>
                {groups[s].length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('board.column.empty', { status: roadmapStatusLabel(s).toLowerCase() })}
                  </Text>
                ) : (
                  groups[s].map((i) => <ItemCard key={i.id} item={i} showStatus={false} />)
                )}
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="sm">
            {items.map((i) => (
              <ItemCard key={i.id} item={i} />
            ))}
          </Stack>
        )}
      </PagedList>
      <SuggestIdeaModal
        opened={suggesting}
        onClose={() => setSuggesting(false)}
        onSent={(item) => {
          setSuggesting(false);
          notifications.show({
            title: t('suggested.title'),
            message: t('suggested.message'),
          });
          const next = new URLSearchParams(params);
          next.set('item', item.id);
          setParams(next);
        }}
      />
      <ItemDetailDrawer id={openId} onClose={closeItem} />
    </Stack>
  );
}
