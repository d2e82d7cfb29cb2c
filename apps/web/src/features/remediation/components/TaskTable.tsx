import type { Task } from '@tenantry/shared';
import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { DueText, PriorityBadge, TaskStatusBadge } from './Badges.tsx';
import { ChecklistCount, CommentCount, OPENED_FROM_TASKS } from './TaskCard.tsx';

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
      Unassigned
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
  const all = tasks.length > 0 && tasks.every((t) => selected.has(t.id));
  const some = tasks.some((t) => selected.has(t.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    selection?.onChange(next);
  };
  const box = (t: Task) =>
    selection ? (
      <Checkbox
        aria-label={`Select “${t.title}”`}
        checked={selected.has(t.id)}
        onChange={(e) => toggle(t.id, e.currentTarget.checked)}
      />
    ) : null;

  return (
    <TableOrCards
      label="Tasks"
      items={tasks}
      minWidth={820}
      head={
        <>
          {selection ? (
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all tasks"
                checked={all}
                indeterminate={some && !all}
                onChange={(e) =>
                  selection.onChange(
                    e.currentTarget.checked ? new Set(tasks.map((t) => t.id)) : new Set(),
                  )
                }
              />
            </Table.Th>
          ) : null}
          <Table.Th>Task</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Priority</Table.Th>
          <Table.Th>Assignee</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th>Progress</Table.Th>
        </>
      }
      row={(t) => (
        <>
          {selection ? <Table.Td>{box(t)}</Table.Td> : null}
          <Table.Td maw={360}>
            <Title task={t} href={hrefFor(t.id)} />
            {t.source ? (
              <Text size="xs" c="dimmed" lineClamp={1} style={NAME_WRAP}>
                {t.source.questionTitle === t.title
                  ? `Gap ${t.source.questionKey}`
                  : `Gap ${t.source.questionKey}: ${t.source.questionTitle}`}
                {t.source.assessmentName ? ` · ${t.source.assessmentName}` : ''}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <TaskStatusBadge status={t.status} />
          </Table.Td>
          <Table.Td>
            <PriorityBadge priority={t.priority} size="sm" />
          </Table.Td>
          <Table.Td maw={180}>
            <Assignee task={t} />
          </Table.Td>
          <Table.Td>
            <DueText task={t} empty="—" size="sm" />
          </Table.Td>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <ChecklistCount task={t} />
              <CommentCount task={t} />
            </Group>
          </Table.Td>
        </>
      )}
      card={(t) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {box(t)}
          <Stack gap={6} miw={0} flex={1}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Title task={t} href={hrefFor(t.id)} />
              <TaskStatusBadge status={t.status} size="sm" />
            </Group>
            <Group gap={6} wrap="wrap">
              <PriorityBadge priority={t.priority} size="sm" />
              <DueText task={t} empty={null} />
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Assignee task={t} />
              <Group gap="sm" wrap="nowrap">
                <ChecklistCount task={t} />
                <CommentCount task={t} />
              </Group>
            </Group>
          </Stack>
        </Group>
      )}
    />
  );
}
