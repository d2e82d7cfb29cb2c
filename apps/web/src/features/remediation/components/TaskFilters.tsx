import { type PersonRef } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { Button, Group, SegmentedControl, Select, Switch, Text } from '@mantine/core';
import { IconLayoutKanban, IconList, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import {
  STATUS_FILTERS,
  hasFilters,
  type StatusFilter,
  type TaskFilters as Filters,
  type TaskView,
} from '../lib/task-filters.ts';
import { t } from '../messages.ts';

const ALL = 'all';
const ANYONE = 'anyone';

const statusLabel = (s: StatusFilter) =>
  s === 'open' ? t('filters.status.open') : taskStatusLabel(s);

/**
 * The filters (status, assignee with "Me" and "Unassigned", overdue only) and the board/list
 * switch; the tab keeps them in the URL.
 */
export function TaskFilters({
  filters,
  onChange,
  assignees,
  showMine,
  view,
  onView,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  assignees: readonly PersonRef[];
  /** "Me" among the assignees (a member: tasks are assigned to members). */
  showMine: boolean;
  view: TaskView;
  onView: (view: TaskView) => void;
}) {
  const viewLabel = useId();
  const people = [...assignees];
  if (
    filters.assignee &&
    !['me', 'none'].includes(filters.assignee) &&
    !people.some((p) => p.id === filters.assignee)
  ) {
    people.push({ id: filters.assignee, name: t('filters.assignee.former') });
  }
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('filters.status')}
        data={[
          { value: ALL, label: t('filters.status.all') },
          ...STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
        ]}
        value={filters.status ?? ALL}
        onChange={(v) => onChange({ status: !v || v === ALL ? null : (v as StatusFilter) })}
        allowDeselect={false}
        flex="1 1 180px"
        maw={260}
      />
      <Select
        label={t('filters.assignee')}
        data={[
          { value: ANYONE, label: t('filters.assignee.anyone') },
          ...(showMine ? [{ value: 'me', label: t('filters.assignee.me') }] : []),
          { value: 'none', label: t('filters.assignee.none') },
          ...(people.length
            ? [
                {
                  group: t('filters.assignee.members'),
                  items: people.map((p) => ({ value: p.id, label: p.name })),
                },
              ]
            : []),
        ]}
        value={filters.assignee ?? ANYONE}
        onChange={(v) => onChange({ assignee: !v || v === ANYONE ? null : v })}
        allowDeselect={false}
        searchable
        flex="1 1 180px"
        maw={260}
      />
      <Switch
        label={t('filters.overdue')}
        checked={filters.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked })}
        mb={8}
      />
      {hasFilters(filters) ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mb={6}
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => onChange({ status: null, assignee: null, overdue: false })}
        >
          {t('filters.clear')}
        </Button>
      ) : null}
      <div style={{ marginLeft: 'auto' }}>
        <Text size="sm" fw={500} id={viewLabel} mb={4}>
          {t('filters.view')}
        </Text>
        <SegmentedControl
          aria-labelledby={viewLabel}
          value={view}
          onChange={(v) => onView(v as TaskView)}
          data={[
            {
              value: 'board',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconLayoutKanban size={16} aria-hidden />
                  <span>{t('filters.view.board')}</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconList size={16} aria-hidden />
                  <span>{t('filters.view.list')}</span>
                </Group>
              ),
            },
          ]}
        />
      </div>
    </Group>
  );
}
