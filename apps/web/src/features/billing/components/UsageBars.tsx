import type { BillingSummary } from '@tenantry/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usageRows, type UsageRow } from '../lib/plan-view.ts';

function UsageBar({ row }: { row: UsageRow }) {
  const full = row.state === 'at' || row.state === 'over';
  const of = row.limit === null ? '(no limit)' : `of ${row.limit}`;
  return (
    <Stack gap={4} data-testid={`usage-${row.key}`} data-state={row.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {row.label}
        </Text>
        <Text size="sm" c={full ? 'orange.8' : undefined} fw={full ? 600 : undefined}>
          {row.used} {of}
        </Text>
      </Group>
      {row.limit === null ? null : (
        <Progress
          value={row.percent}
          color={full ? 'orange' : 'indigo'}
          size="md"
          aria-label={`${row.label}: ${row.used} of ${row.limit}`}
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
            {row.state === 'over' ? 'Over the limit.' : 'At the limit.'} New ones are blocked until
            usage fits the plan.
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
    <Stack gap="md" aria-label="Usage" role="group">
      {usageRows(billing).map((row) => (
        <UsageBar key={row.key} row={row} />
      ))}
    </Stack>
  );
}
