import {
  TRENDS,
  formatScore,
  type AssessmentSummary,
  type BaselineComparison,
  type Trend,
} from '@tenantry/shared';
import { trendLabel, leftOutLabel } from '#web/lib/labels.ts';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { ScoreValue } from '#web/components/ScoreValue.tsx';
import { TREND_COLORS } from '../lib/baseline-view.ts';
import { DeltaText, TrendBadge } from './Trend.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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

/** A trend's colour as a swatch: a mid shade, visible on light and dark backgrounds. */
const swatch = (t: Trend) => `${TREND_COLORS[t]}.${TREND_COLORS[t] === 'gray' ? 5 : 6}`;

const BIG = { size: '1.75rem', fw: 700, lh: 1.1 } as const;

/** "69 of 106 answered" under a score. */
function Answered({ a }: { a: AssessmentSummary }) {
  return (
    <Text size="xs" c="dimmed" mt={6}>
      {t('summary.answered', { answered: a.answered, total: a.total })}
    </Text>
  );
}

/**
 * What the change is made over when a section is scored on one side only: the sections both
 * score (each side's score over them), and what is left out and why (docs/baseline.md).
 */
function LikeForLike({ overall }: { overall: BaselineComparison['overall'] }) {
  const n = overall.comparedSections.length;
  const leftOut = overall.leftOut.map((x) => `${x.title} — ${leftOutLabel(x.reason)}`).join('; ');
  return (
    <Text size="xs" c="dimmed">
      {n === 0
        ? t('summary.likeForLike.none', { leftOut })
        : t('summary.likeForLike.over', {
            count: n,
            baseline: formatScore(overall.comparedBaseline),
            latest: formatScore(overall.comparedLatest),
            leftOut,
          })}
    </Text>
  );
}

/**
 * The overall scores of both assessments, the change with its trend, and how many questions
 * improved, regressed, stayed, were added or removed.
 */
export function BaselineSummary({ comparison }: { comparison: BaselineComparison }) {
  const { overall, counts, baseline, latest } = comparison;
  const total = TRENDS.reduce((n, t) => n + (counts[t] ?? 0), 0);
  const shown = TRENDS.filter((t) => t !== 'unscored' || (counts[t] ?? 0) > 0);
  const countsLabel = useId();

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label={t('summary.baselineScore')}>
          <Text {...BIG}>{formatScore(overall.baseline)}</Text>
          {baseline ? <Answered a={baseline} /> : null}
        </Stat>
        <Stat label={t('summary.latestScore')}>
          {latest?.provisional ? (
            <ScoreValue
              {...BIG}
              score={overall.latest}
              provisional
              answered={latest.answered}
              total={latest.total}
            />
          ) : (
            <Text {...BIG}>{formatScore(overall.latest)}</Text>
          )}
          {latest ? <Answered a={latest} /> : null}
        </Stat>
        <Stat label={t('summary.change')}>
          <Stack gap={6} align="flex-start">
            <DeltaText delta={overall.delta} {...BIG} />
            <TrendBadge trend={overall.trend} />
            {overall.leftOut.length > 0 ? <LikeForLike overall={overall} /> : null}
          </Stack>
        </Stat>
        <Paper withBorder radius="md" p="md" role="group" aria-labelledby={countsLabel}>
          <Text id={countsLabel} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
            {t('summary.questions')}
          </Text>
          {total > 0 ? (
            <Progress.Root size="sm" mb="xs" aria-hidden>
              {shown.map((t) =>
                counts[t] ? (
                  <Tooltip key={t} label={`${counts[t]} ${trendLabel(t).toLowerCase()}`}>
                    <Progress.Section value={(100 * counts[t]) / total} color={swatch(t)} />
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
                      background: `var(--mantine-color-${swatch(t).replace('.', '-')})`,
                    }}
                  />
                  <Text size="xs">{trendLabel(t)}</Text>
                </Group>
                <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {counts[t] ?? 0}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
      {comparison.sinceLastPeriod ? <SinceLastPeriod counts={comparison.sinceLastPeriod} /> : null}
    </Stack>
  );
}

const bold = (n: number) => (
  <Text component="span" fw={700}>
    {n}
  </Text>
);

/**
 * What the compared assessment changed since the previous period it was started from: the
 * answers carried into it that were confirmed unchanged, changed, or are not confirmed yet.
 */
function SinceLastPeriod({
  counts,
}: {
  counts: NonNullable<BaselineComparison['sinceLastPeriod']>;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-labelledby={id}>
      <Group gap="md" wrap="wrap">
        <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('summary.since.title')}
        </Text>
        <Text size="sm">
          {rich(t, 'summary.since.confirmed', {}, { count: bold(counts.confirmed) })}
        </Text>
        <Text size="sm">
          {rich(t, 'summary.since.changed', {}, { count: bold(counts.changed) })}
        </Text>
        {counts.toConfirm > 0 ? (
          <Text size="sm">
            {rich(t, 'summary.since.toConfirm', {}, { count: bold(counts.toConfirm) })}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
