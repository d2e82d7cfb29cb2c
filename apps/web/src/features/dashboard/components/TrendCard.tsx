import type { Dashboard } from '@tenantry/shared';
import { Anchor, Skeleton, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { completedInTrend } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t } from '../messages.ts';

// The chart (recharts, ~130 KB gzipped) is a chunk of its own, as the baseline's: the home
// screen and the rest of the dashboard show without waiting for it.
const TrendChart = lazy(() => import('./TrendChart.tsx').then((m) => ({ default: m.TrendChart })));

/** "Average score by month" over the last 12 months, or why there is nothing to draw yet. */
export function TrendCard({ trend }: { trend: Dashboard['trend'] }) {
  const completed = completedInTrend(trend);
  return (
    <DashboardCard
      title={t('trend.title')}
      description={
        completed > 0 ? t('trend.description', { completed, months: trend.length }) : undefined
      }
    >
      {completed === 0 ? (
        <EmptyPanel icon={<IconChartLine size={22} />} title={t('trend.empty.title')}>
          {t('trend.empty.body', { months: trend.length || 12 })}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {t('trend.empty.link')}
          </Anchor>
        </EmptyPanel>
      ) : (
        <Suspense fallback={<Skeleton height={240} radius="md" aria-label={t('trend.loading')} />}>
          <TrendChart trend={trend} />
        </Suspense>
      )}
      {completed > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('trend.gaps')}
        </Text>
      ) : null}
    </DashboardCard>
  );
}
