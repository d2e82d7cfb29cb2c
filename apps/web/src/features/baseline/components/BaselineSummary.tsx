import { TREND_LABELS, TRENDS, formatScore, type BaselineComparison } from '@tenantry/shared';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { TREND_COLORS } from '../lib/baseline-view.ts';
import { DeltaText, TrendBadge } from './Trend.tsx';

/** A labelled figure (a group named by its label). */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

const BIG = { size: '1.75rem', fw: 700, lh: 1.1 } as const;

/**
 * The overall scores of both assessments, the change with its trend, and how many questions
 * improved, regressed, stayed, were added or removed.
 */
export function BaselineSummary({ comparison }: { comparison: BaselineComparison }) {
  const { overall, counts } = comparison;
  const total = TRENDS.reduce((n, t) => n + (counts[t] ?? 0), 0);
  const shown = TRENDS.filter((t) => t !== 'unscored' || (counts[t] ?? 0) > 0);
  const countsLabel = useId();

  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Stat label="Baseline score">
        <Text {...BIG}>{formatScore(overall.baseline)}</Text>
      </Stat>
      <Stat label="Latest score">
        <Text {...BIG}>{formatScore(overall.latest)}</Text>
      </Stat>
      <Stat label="Change">
        <Stack gap={6} align="flex-start">
          <DeltaText delta={overall.delta} {...BIG} />
          <TrendBadge trend={overall.trend} />
        </Stack>
      </Stat>
      <Paper withBorder radius="md" p="md" role="group" aria-labelledby={countsLabel}>
        <Text id={countsLabel} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
          Questions
        </Text>
        {total > 0 ? (
          <Progress.Root size="sm" mb="xs" aria-hidden>
            {shown.map((t) =>
              counts[t] ? (
                <Tooltip key={t} label={`${counts[t]} ${TREND_LABELS[t].toLowerCase()}`}>
                  <Progress.Section value={(100 * counts[t]) / total} color={TREND_COLORS[t]} />
                </Tooltip>
              ) : null,
            )}
          </Progress.Root>
        ) : null}
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((t) => (
            <Group key={t} component="li" gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: 8,
                    flexShrink: 0,
                    background: `var(--mantine-color-${TREND_COLORS[t]}-filled)`,
                  }}
                />
                <Text size="xs">{TREND_LABELS[t]}</Text>
              </Group>
              <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {counts[t] ?? 0}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
