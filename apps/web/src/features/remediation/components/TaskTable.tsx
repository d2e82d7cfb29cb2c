import type { Task } from '@tenantry/shared';
import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { DueText, PriorityBadge, TaskStatusBadge } from './Badges.tsx';
import { ChecklistCount, CommentCount, OPENED_FROM_TASKS } from './TaskCard.tsx';
import { t } from '../messages.ts';

function Title({ task, href }: { task: Task; href: string }) {
  return (
    <Anchor
      component={Link}
      to={href}
      state={OPENED_FROM_TASKS}
      size="sm"
      fw={500}
      lineClamp={2}
      title={task.title}
      style={NAME_WRAP}
    >
      {task.title}
    </Anchor>
  );
}

function Assignee({ task }: { task: Task }) {
  return task.assignee ? (
    <NameText name={task.assignee.name} size="sm" lines={1} />
  ) : (
    <Text size="sm" c="dimmed">
      {t('table.unassigned')}
    </Text>
  );
}

/**
 * The tasks as a list (a table; cards on a phone). With `selection`, each task has a checkbox
 * and the header one selects them all, for a status change of several at once.
 */
export function TaskTable({
  tasks,
  hrefFor,
  selection,
}: {
  tasks: readonly Task[];
  hrefFor: (taskId: string) => string;
  /** The selected tasks' ids and how to change them; null: nothing to select (a viewer). */
  selection: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void } | null;
}) {
  const selected = selection?.selected ?? new Set<string>();
  const all = tasks.length > 0 && tasks.every((task) => selected.has(task.id));
  const some = tasks.some((task) => selected.has(task.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    selection?.onChange(next);
  };
  const box = (task: Task) =>
    selection ? (
      <Checkbox
        aria-label={t('table.select', { title: task.title })}
        checked={selected.has(task.id)}
        onChange={(e) => toggle(task.id, e.currentTarget.checked)}
      />
    ) : null;

  return (
    <TableOrCards
      label={t('table.label')}
      items={tasks}
      minWidth={820}
      head={
        <>
          {selection ? (
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('table.selectAll')}
                checked={all}
                indeterminate={some && !all}
                onChange={(e) =>
                  selection.onChange(
                    e.currentTarget.checked ? new Set(tasks.map((task) => task.id)) : new Set(),
                  )
                }
              />
            </Table.Th>
          ) : null}
          <Table.Th>{t('table.head.task')}</Table.Th>
          <Table.Th>{t('table.head.status')}</Table.Th>
          <Table.Th>{t('table.head.priority')}</Table.Th>
          <Table.Th>{t('table.head.assignee')}</Table.Th>
          <Table.Th>{t('table.head.due')}</Table.Th>
          <Table.Th>{t('table.head.progress')}</Table.Th>
        </>
      }
      row={(task) => (
        <>
          {selection ? <Table.Td>{box(task)}</Table.Td> : null}
          <Table.Td maw={360}>
            <Title task={task} href={hrefFor(task.id)} />
            {task.source ? (
              <Text size="xs" c="dimmed" lineClamp={1} style={NAME_WRAP}>
                {task.source.questionTitle === task.title
                  ? t('table.gap', { key: task.source.questionKey })
                  : t('table.gapTitled', {
                      key: task.source.questionKey,
                      title: task.source.questionTitle,
                    })}
                {task.source.assessmentName ? ` · ${task.source.assessmentName}` : ''}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <TaskStatusBadge status={task.status} />
          </Table.Td>
          <Table.Td>
            <PriorityBadge priority={task.priority} size="sm" />
          </Table.Td>
          <Table.Td maw={180}>
            <Assignee task={task} />
          </Table.Td>
          <Table.Td>
            <DueText task={task} empty="—" size="sm" />
          </Table.Td>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <ChecklistCount task={task} />
              <CommentCount task={task} />
            </Group>
          </Table.Td>
        </>
      )}
      card={(task) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {box(task)}
          <Stack gap={6} miw={0} flex={1}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Title task={task} href={hrefFor(task.id)} />
              <TaskStatusBadge status={task.status} size="sm" />
            </Group>
            <Group gap={6} wrap="wrap">
              <PriorityBadge priority={task.priority} size="sm" />
              <DueText task={task} empty={null} />
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Assignee task={task} />
              <Group gap="sm" wrap="nowrap">
                <ChecklistCount task={task} />
                <CommentCount task={task} />
              </Group>
            </Group>
          </Stack>
        </Group>
      )}
    />
  );
}
