import { TASK_STATUSES, type TaskList, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { Group, Text, UnstyledButton } from '@mantine/core';
import type { StatusFilter, TaskFilters } from '../lib/task-filters.ts';
import { STATUS_COLORS } from '../lib/task-view.ts';
import { t } from '../messages.ts';

function Count({
  label,
  value,
  color,
  pressed,
  onClick,
}: {
  label: string;
  value: number;
  color: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <UnstyledButton
        onClick={onClick}
        aria-pressed={pressed}
        px="sm"
        py={6}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          // i18n-ignore: CSS
          border: `1px solid ${pressed ? `var(--mantine-color-${color}-filled)` : 'var(--mantine-color-default-border)'}`,
          background: pressed ? `var(--mantine-color-${color}-light)` : undefined,
        }}
      >
        <Text size="xs" c="dimmed" fw={500} component="span" display="block">
          {label}
        </Text>
        <Text
          fw={700}
          size="lg"
          lh={1.2}
          component="span"
          display="block"
          c={value > 0 && color === 'red' ? 'red' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Text>
      </UnstyledButton>
    </li>
  );
}

/**
 * How many of the tenant's tasks are in each status, and how many are overdue, whatever the
 * filters. Each figure filters the tab to its tasks (again: back to all).
 */
export function TaskCounts({
  counts,
  filters,
  onChange,
}: {
  counts: TaskList['counts'];
  filters: TaskFilters;
  onChange: (patch: Partial<TaskFilters>) => void;
}) {
  const pick = (s: StatusFilter) => onChange({ status: filters.status === s ? null : s });
  return (
    <Group
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('counts.label')}
      wrap="wrap"
    >
      {TASK_STATUSES.map((s: TaskStatus) => (
        <Count
          key={s}
          label={taskStatusLabel(s)}
          value={counts[s]}
          color={STATUS_COLORS[s]}
          pressed={filters.status === s}
          onClick={() => pick(s)}
        />
      ))}
      <Count
        label={t('counts.overdue')}
        value={counts.overdue}
        color="red"
        pressed={filters.overdue}
        onClick={() => onChange({ overdue: !filters.overdue })}
      />
    </Group>
  );
}
