import { TASK_STATUS_LABELS, type PersonRef } from '@tenantry/shared';
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

const ALL = 'all';
const ANYONE = 'anyone';

const statusLabel = (s: StatusFilter) =>
  s === 'open' ? 'Open (to do and in progress)' : TASK_STATUS_LABELS[s];

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
    people.push({ id: filters.assignee, name: 'A former member' });
  }
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Status"
        data={[
          { value: ALL, label: 'All statuses' },
          ...STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
        ]}
        value={filters.status ?? ALL}
        onChange={(v) => onChange({ status: !v || v === ALL ? null : (v as StatusFilter) })}
        allowDeselect={false}
        flex="1 1 180px"
        maw={260}
      />
      <Select
        label="Assignee"
        data={[
          { value: ANYONE, label: 'Anyone' },
          ...(showMine ? [{ value: 'me', label: 'Me' }] : []),
          { value: 'none', label: 'Unassigned' },
          ...(people.length
            ? [{ group: 'Members', items: people.map((p) => ({ value: p.id, label: p.name })) }]
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
        label="Overdue only"
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
          Clear filters
        </Button>
      ) : null}
      <div style={{ marginLeft: 'auto' }}>
        <Text size="sm" fw={500} id={viewLabel} mb={4}>
          View
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
                  <span>Board</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconList size={16} aria-hidden />
                  <span>List</span>
                </Group>
              ),
            },
          ]}
        />
      </div>
    </Group>
  );
}
