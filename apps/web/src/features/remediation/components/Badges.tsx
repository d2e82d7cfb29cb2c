import { type Task, type TaskPriority, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel, taskPriorityLabel } from '#web/lib/labels.ts';
import { Badge, Text, VisuallyHidden, type BadgeProps, type TextProps } from '@mantine/core';
import { PRIORITY_COLORS, STATUS_COLORS, dueView } from '../lib/task-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

export function TaskStatusBadge({ status, ...rest }: { status: TaskStatus } & BadgeProps) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      {...rest}
    >
      {taskStatusLabel(status)}
    </Badge>
  );
}

/** The priority, named as such for a screen reader ("High priority"). */
export function PriorityBadge({ priority, ...rest }: { priority: TaskPriority } & BadgeProps) {
  return (
    <Badge
      color={PRIORITY_COLORS[priority]}
      variant={priority === 'critical' ? 'filled' : 'outline'}
      tt="none"
      style={{ flexShrink: 0 }}
      {...rest}
    >
      {taskPriorityLabel(priority)}
      <VisuallyHidden> {t('badge.priority')}</VisuallyHidden>
    </Badge>
  );
}

/** "Due 31 Jan 2026", red and "overdue" once it has passed on an open task; none: "No due date". */
export function DueText({
  task,
  empty = t('due.none'),
  ...rest
}: { task: Pick<Task, 'dueDate' | 'status' | 'overdue'>; empty?: string | null } & TextProps) {
  const due = dueView(task);
  if (!due) {
    return empty === null ? null : (
      <Text size="xs" c="dimmed" {...rest}>
        {empty}
      </Text>
    );
  }
  return (
    <Text
      size="xs"
      c={due.tone === 'overdue' ? 'red' : due.tone === 'soon' ? 'orange' : 'dimmed'}
      fw={due.tone === 'overdue' ? 600 : undefined}
      style={{ whiteSpace: 'nowrap' }}
      {...rest}
    >
      {rich(
        t,
        due.tone === 'overdue' ? 'due.overdue' : 'due.on',
        {},
        { date: <time dateTime={task.dueDate ?? undefined}>{due.label}</time> },
      )}
    </Text>
  );
}
