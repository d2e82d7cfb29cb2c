import type { Dashboard } from '@tenantry/shared';
import { Anchor, Skeleton, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { completedInTrend, plural } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';

// The chart (recharts, ~130 KB gzipped) is a chunk of its own, as the baseline's: the home
// screen and the rest of the dashboard show without waiting for it.
const TrendChart = lazy(() => import('./TrendChart.tsx').then((m) => ({ default: m.TrendChart })));

/** "Average score by month" over the last 12 months, or why there is nothing to draw yet. */
export function TrendCard({ trend }: { trend: Dashboard['trend'] }) {
  const completed = completedInTrend(trend);
  return (
    <DashboardCard
      title="Average score by month"
      description={
        completed > 0
          ? `${plural(completed, 'assessment')} completed in the last ${trend.length} months`
          : undefined
      }
    >
      {completed === 0 ? (
        <EmptyPanel icon={<IconChartLine size={22} />} title="No assessment completed lately">
          Each month’s average score shows here once an assessment is completed within the last{' '}
          {trend.length || 12} months.{' '}
          <Anchor component={Link} to="/tenant" inherit>
            Open a client tenant to assess it
          </Anchor>
        </EmptyPanel>
      ) : (
        <Suspense fallback={<Skeleton height={240} radius="md" aria-label="Loading the chart" />}>
          <TrendChart trend={trend} />
        </Suspense>
      )}
      {completed > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          Months without a completed assessment are left as gaps.
        </Text>
      ) : null}
    </DashboardCard>
  );
}
