// The chart's styles load with this chunk (the service console), never with the home screen's.
import '@mantine/charts/styles.css';
import type { AnalyticsDay } from '@tenantry/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { seriesSummary, shortDay } from '../lib/analytics-view.ts';

const xAxis = {
  padding: { left: 8, right: 8 },
  tickFormatter: (v: string) => shortDay(v),
  interval: 'preserveStartEnd' as const,
};

/** Daily and weekly active users, one line each; one image named by its figures. */
export function ActiveUsersChart({ days }: { days: AnalyticsDay[] }) {
  const label = `${seriesSummary(
    'Daily active users',
    days.map((d) => d.dailyActive),
  )} ${seriesSummary(
    'Weekly active users',
    days.map((d) => d.weeklyActive),
  )}`;
  return (
    <div role="img" aria-label={label}>
      <LineChart
        h={220}
        data={days}
        dataKey="day"
        series={[
          { name: 'dailyActive', label: 'Daily active', color: 'indigo.6' },
          { name: 'weeklyActive', label: 'Weekly active', color: 'teal.6' },
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
      'Purchases',
      days.map((d) => d.purchases),
    ),
    seriesSummary(
      'Upgrades',
      days.map((d) => d.upgrades),
    ),
    seriesSummary(
      'Downgrades',
      days.map((d) => d.downgrades),
    ),
    seriesSummary(
      'Cancelled checkouts',
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
          { name: 'purchases', label: 'Purchases', color: 'teal.6' },
          { name: 'upgrades', label: 'Upgrades', color: 'indigo.6' },
          { name: 'downgrades', label: 'Downgrades', color: 'yellow.7' },
          { name: 'checkoutsCancelled', label: 'Cancelled', color: 'red.6' },
        ]}
        withLegend
        accessibilityLayer={false}
        yAxisProps={{ allowDecimals: false, width: 48 }}
        xAxisProps={xAxis}
      />
    </div>
  );
}
