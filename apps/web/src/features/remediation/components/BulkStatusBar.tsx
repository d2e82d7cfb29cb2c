import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { TaskStatus } from '@tenantry/shared';
import { MoveTaskMenu } from './MoveTaskMenu.tsx';
import { t } from '../messages.ts';

/** What to do with the selected tasks: move them all to one status, or clear the selection. */
export function BulkStatusBar({
  count,
  busy,
  onMove,
  onClear,
}: {
  count: number;
  busy: boolean;
  onMove: (status: TaskStatus) => void;
  onClear: () => void;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label={t('bulk.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} role="status">
          {t('bulk.selected', { count })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
          <MoveTaskMenu
            current={null}
            onMove={onMove}
            label={t('bulk.change')}
            target={
              <Button
                size="xs"
                loading={busy}
                leftSection={<IconArrowsExchange size={14} aria-hidden />}
              >
                {t('bulk.change')}
              </Button>
            }
          />
        </Group>
      </Group>
    </Paper>
  );
}
