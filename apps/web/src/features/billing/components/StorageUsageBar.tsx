import { type StorageUsage } from '@tenantry/shared';
import { planStorageLabel } from '#web/lib/labels.ts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { storageRow } from '../lib/plan-view.ts';
import { t } from '../messages.ts';

/**
 * The account's stored files (evidence and other uploads) against the plan's storage quota;
 * account exports are the system's and do not count (docs/storage.md).
 */
export function StorageUsageBar({ storage }: { storage: StorageUsage }) {
  const row = storageRow(storage);
  const warn = row.state === 'near' || row.state === 'full';
  return (
    <Stack gap={4} data-testid="usage-storage" data-state={row.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={500}>
          {planStorageLabel()}
        </Text>
        <Text
          size="sm"
          ta="right"
          c={warn ? 'orange.8' : undefined}
          fw={warn ? 600 : undefined}
          data-testid="usage-storage-text"
        >
          {row.text}
        </Text>
      </Group>
      <Progress
        value={row.percent}
        color={warn ? 'orange' : 'indigo'}
        size="md"
        aria-label={`${planStorageLabel()}: ${row.text}, ${row.share}`}
      />
      {row.state === 'empty' ? (
        <Text size="xs" c="dimmed">
          {t('storage.empty')}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('storage.files', { share: row.share, count: storage.files })}
        </Text>
      )}
      {row.note ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-orange-7)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="xs" c="orange.8">
            {row.note}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
