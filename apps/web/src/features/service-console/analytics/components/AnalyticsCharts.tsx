// The chart's styles load with this chunk (the service console), never with the home screen's.
import '@mantine/charts/styles.css';
import type { AnalyticsDay } from '@tenantry/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { seriesSummary, shortDay } from '../lib/analytics-view.ts';
import { t } from '../../messages.ts';

const xAxis = {
  padding: { left: 8, right: 8 },
  tickFormatter: (v: string) => shortDay(v),
  interval: 'preserveStartEnd' as const,
};

/** Daily and weekly active users, one line each; one image named by its figures. */
export function ActiveUsersChart({ days }: { days: AnalyticsDay[] }) {
  const label = `${seriesSummary(
    t('analytics.chart.dailyActiveUsers'),
    days.map((d) => d.dailyActive),
  )} ${seriesSummary(
    t('analytics.chart.weeklyActiveUsers'),
    days.map((d) => d.weeklyActive),
  )}`;
  return (
    <div role="img" aria-label={label}>
      <LineChart
        h={220}
        data={days}
        dataKey="day"
        series={[
          { name: 'dailyActive', label: t('analytics.chart.dailyActive'), color: 'indigo.6' },
          { name: 'weeklyActive', label: t('analytics.chart.weeklyActive'), color: 'teal.6' },
        ]}
        curveType="linear"
        withDots={days.length <= 31}
        withLegend
        accessibilityLayer={false}
        yAxisProps={{ allowDecimals: false, width: 48 }}
        xAxisProps={xAxis}
      />
    </div>
  );
}

/** Checkout outcomes per day, stacked. */
export function CheckoutChart({ days }: { days: AnalyticsDay[] }) {
  const label = [
    seriesSummary(
      t('analytics.chart.purchases'),
      days.map((d) => d.purchases),
    ),
    seriesSummary(
      t('analytics.chart.upgrades'),
      days.map((d) => d.upgrades),
    ),
    seriesSummary(
      t('analytics.chart.downgrades'),
      days.map((d) => d.downgrades),
    ),
    seriesSummary(
      t('analytics.chart.checkoutsCancelled'),
      days.map((d) => d.checkoutsCancelled),
    ),
  ].join(' ');
  return (
    <div role="img" aria-label={label}>
      <BarChart
        h={220}
        data={days}
        dataKey="day"
        type="stacked"
        series={[
          { name: 'purchases', label: t('analytics.chart.purchases'), color: 'teal.6' },
          { name: 'upgrades', label: t('analytics.chart.upgrades'), color: 'indigo.6' },
          { name: 'downgrades', label: t('analytics.chart.downgrades'), color: 'yellow.7' },
          {
            name: 'checkoutsCancelled',
            label: t('analytics.chart.cancelled'),
            color: 'red.6',
          },
        ]}
        withLegend
        accessibilityLayer={false}
        yAxisProps={{ allowDecimals: false, width: 48 }}
        xAxisProps={xAxis}
      />
    </div>
  );
}
