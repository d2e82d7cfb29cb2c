import type { Task, TaskStatus } from '@tenantry/shared';
import { Anchor, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconListCheck, IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { checklistProgress } from '../lib/task-view.ts';
import { DueText, PriorityBadge } from './Badges.tsx';
import { MoveTaskMenu } from './MoveTaskMenu.tsx';
import { t } from '../messages.ts';

/** Links that open a task's drawer say so: closing it goes back instead of adding a step. */
export const OPENED_FROM_TASKS = { openedFromTasks: true } as const;

/** "1/3" with "Checklist: 1 of 3 done" for a screen reader. */
export function ChecklistCount({ task }: { task: Pick<Task, 'checklist'> }) {
  const { done, total } = checklistProgress(task.checklist);
  if (total === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" c={done === total ? 'teal' : 'dimmed'}>
      <IconListCheck size={14} aria-hidden />
      <Text size="xs" inherit>
        <VisuallyHidden>{t('card.checklist')} </VisuallyHidden>
        {done}/{total}
        <VisuallyHidden> {t('card.checklist.done')}</VisuallyHidden>
      </Text>
    </Group>
  );
}

export function CommentCount({ task }: { task: Pick<Task, 'commentCount'> }) {
  if (task.commentCount === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconMessage size={14} aria-hidden />
      <Text size="xs" inherit>
        {task.commentCount}
        <VisuallyHidden> {t('card.comments', { count: task.commentCount })}</VisuallyHidden>
      </Text>
    </Group>
  );
}

/**
 * A task on the board: its title (opens the drawer), priority, assignee, due date (red when
 * overdue), checklist progress and comments; and, for who may, a menu to move it.
 */
export function TaskCard({
  task,
  href,
  onMove,
}: {
  task: Task;
  /** The URL that opens the task's drawer. */
  href: string;
  /** Moves the task to another status; null: not allowed. */
  onMove: ((task: Task, status: TaskStatus) => void) | null;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" shadow="xs">
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={href}
            state={OPENED_FROM_TASKS}
            size="sm"
            fw={600}
            c="var(--mantine-color-text)"
            underline="hover"
            lineClamp={3}
            title={task.title}
            style={NAME_WRAP}
          >
            {task.title}
          </Anchor>
          {onMove ? (
            <MoveTaskMenu
              current={task.status}
              onMove={(s) => onMove(task, s)}
              label={t('card.move', { title: task.title })}
              mt={-2}
              mr={-4}
            />
          ) : null}
        </Group>
        <Group gap={6} wrap="wrap">
          <PriorityBadge priority={task.priority} size="sm" />
          <DueText task={task} empty={null} />
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {task.assignee ? (
            <NameText name={task.assignee.name} size="xs" lines={1} />
          ) : (
            <Text size="xs" c="dimmed">
              {t('card.unassigned')}
            </Text>
          )}
          <Group gap="sm" wrap="nowrap">
            <ChecklistCount task={task} />
            <CommentCount task={task} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
