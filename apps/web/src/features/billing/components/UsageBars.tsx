import type { BillingSummary } from '@tenantry/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usageRows, type UsageRow } from '../lib/plan-view.ts';
import { t } from '../messages.ts';

function UsageBar({ row }: { row: UsageRow }) {
  const full = row.state === 'at' || row.state === 'over';
  return (
    <Stack gap={4} data-testid={`usage-${row.key}`} data-state={row.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {row.label}
        </Text>
        <Text size="sm" c={full ? 'orange.8' : undefined} fw={full ? 600 : undefined}>
          {row.limit === null
            ? t('usage.count.unlimited', { used: row.used })
            : t('usage.count', { used: row.used, limit: row.limit })}
        </Text>
      </Group>
      {row.limit === null ? null : (
        <Progress
          value={row.percent}
          color={full ? 'orange' : 'indigo'}
          size="md"
          aria-label={t('usage.bar.label', { label: row.label, used: row.used, limit: row.limit })}
        />
      )}
      {full ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-orange-7)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="xs" c="orange.8">
            {row.state === 'over' ? t('usage.over') : t('usage.at')}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Members, client tenants and active assessments against the plan's limits. */
export function UsageBars({
  billing,
}: {
  billing: Pick<BillingSummary, 'usage' | 'limits' | 'atLimit'>;
}) {
  return (
    <Stack gap="md" aria-label={t('usage.label')} role="group">
      {usageRows(billing).map((row) => (
        <UsageBar key={row.key} row={row} />
      ))}
    </Stack>
  );
}
