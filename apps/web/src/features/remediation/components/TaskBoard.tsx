import { type Task, type TaskStatus } from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { StatusFilter } from '../lib/task-filters.ts';
import { STATUS_COLORS, boardColumns, groupByStatus } from '../lib/task-view.ts';
import { TaskCard } from './TaskCard.tsx';
import { t } from '../messages.ts';

/** Cards a column shows before "Show N more" (a tenant may have hundreds of tasks). */
export const COLUMN_LIMIT = 20;

function Column({
  status,
  tasks,
  hrefFor,
  onMove,
}: {
  status: TaskStatus;
  tasks: Task[];
  hrefFor: (taskId: string) => string;
  onMove: ((task: Task, status: TaskStatus) => void) | null;
}) {
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? tasks : tasks.slice(0, COLUMN_LIMIT);
  const more = tasks.length - shown.length;
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      radius="md"
      p="xs"
      bg="var(--mantine-color-default-hover)"
      miw={0}
      style={{
        // i18n-ignore: CSS
        borderTop: `3px solid var(--mantine-color-${STATUS_COLORS[status]}-filled)`,
      }}
    >
      <Group justify="space-between" gap="xs" mb="xs" px={4}>
        <Title order={3} size="h6" id={id}>
          {taskStatusLabel(status)}
        </Title>
        <Badge variant="default" size="sm" aria-label={t('board.count', { count: tasks.length })}>
          {tasks.length}
        </Badge>
      </Group>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed" px={4} pb={4}>
          {t('board.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((t) => (
            <TaskCard key={t.id} task={t} href={hrefFor(t.id)} onMove={onMove} />
          ))}
        </Stack>
      )}
      {more > 0 ? (
        <Button variant="subtle" size="xs" fullWidth mt="xs" onClick={() => setAll(true)}>
          {t('board.more', { count: more })}
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * The tasks as a board: a column per status (those the status filter leaves), side by side on
 * a wide screen, two by two on a tablet, one under the other on a phone.
 */
export function TaskBoard({
  tasks,
  status,
  hrefFor,
  onMove,
}: {
  tasks: readonly Task[];
  status: StatusFilter | null;
  hrefFor: (taskId: string) => string;
  onMove: ((task: Task, status: TaskStatus) => void) | null;
}) {
  const columns = boardColumns(status);
  const byStatus = groupByStatus(tasks);
  return (
    <SimpleGrid
      cols={{ base: 1, sm: Math.min(2, columns.length), lg: columns.length }}
      spacing="sm"
      verticalSpacing="sm"
    >
      {columns.map((s) => (
        <Column key={s} status={s} tasks={byStatus[s]} hrefFor={hrefFor} onMove={onMove} />
      ))}
    </SimpleGrid>
  );
}
