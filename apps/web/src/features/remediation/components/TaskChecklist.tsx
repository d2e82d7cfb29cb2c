import type { TaskDetail } from '@tenantry/shared';
import { Checkbox, Group, Progress, Spoiler, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { useSetChecklistItem } from '../api/set-checklist-item.ts';
import { checklistProgress } from '../lib/task-view.ts';
import { t } from '../messages.ts';

/** The task's checklist: each tick is saved on its own, at once; read-only for a viewer. */
export function TaskChecklist({
  tenantId,
  task,
  canTick,
}: {
  tenantId: string;
  task: TaskDetail;
  canTick: boolean;
}) {
  const tick = useSetChecklistItem(tenantId, task.id);
  return (
    <ChecklistView
      task={task}
      onTick={
        canTick
          ? (item, done) =>
              tick.mutate(
                { itemId: item.id, done },
                {
                  onError: (err) =>
                    notifications.show({
                      color: 'red',
                      title: t('checklist.saveFailed', { title: item.title }),
                      message: err.message,
                    }),
                },
              )
          : null
      }
    />
  );
}

/**
 * A task's checklist with its progress; each item's box ticks through `onTick`, or shows the
 * state only (disabled) without it.
 */
export function ChecklistView({
  task,
  onTick,
}: {
  task: Pick<TaskDetail, 'checklist'>;
  onTick: ((item: TaskDetail['checklist'][number], done: boolean) => void) | null;
}) {
  const headingId = useId();
  const { done, total } = checklistProgress(task.checklist);
  if (total === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('checklist.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('checklist.progress', { done, total })}
        </Text>
      </Group>
      <Progress
        value={(100 * done) / total}
        size="sm"
        color={done === total ? 'teal' : undefined}
        aria-label={t('checklist.progressLabel', { done, total })}
      />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {task.checklist.map((item) => (
          <li key={item.id}>
            <Checkbox
              label={item.title}
              checked={item.done}
              disabled={!onTick}
              styles={{
                label: {
                  overflowWrap: 'anywhere',
                  textDecoration: item.done ? 'line-through' : undefined,
                  color: item.done ? 'var(--mantine-color-dimmed)' : undefined,
                },
              }}
              onChange={(e) => onTick?.(item, e.currentTarget.checked)}
            />
            {item.body ? (
              <Spoiler
                maxHeight={64}
                showLabel={t('checklist.showMore')}
                hideLabel={t('checklist.showLess')}
                ml={32}
                mt={4}
                styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
              >
                <Markdown size="sm" c="dimmed">
                  {item.body}
                </Markdown>
              </Spoiler>
            ) : null}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
