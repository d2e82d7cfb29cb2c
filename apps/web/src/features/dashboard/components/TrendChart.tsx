// The chart's styles load with this chunk, never with the home screen's.
import '@mantine/charts/styles.css';
import type { Dashboard } from '@tenantry/shared';
import { LineChart } from '@mantine/charts';
import { trendRows, trendSummary } from '../lib/dashboard-view.ts';
import { t } from '../messages.ts';

const pct = (v: number) => `${v} %`;

/**
 * The mean score of the assessments completed each month: a line broken where a month had none
 * (a gap, never a zero), one image named by its figures.
 */
export function TrendChart({ trend }: { trend: Dashboard['trend'] }) {
  const rows = trendRows(trend);
  const short = new Map(rows.map((r) => [r.label, r.short]));
  return (
    <div role="img" aria-label={trendSummary(trend)}>
      <LineChart
        h={240}
        data={rows}
        dataKey="label"
        series={[{ name: 'Average score', label: t('trend.series'), color: 'indigo.6' }]}
        connectNulls={false}
        curveType="linear"
        withDots
        dotProps={{ r: 4, strokeWidth: 2 }}
        activeDotProps={{ r: 5, strokeWidth: 2 }}
        strokeWidth={2.5}
        accessibilityLayer={false}
        valueFormatter={pct}
        yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], width: 56 }}
        xAxisProps={{
          padding: { left: 12, right: 12 },
          tickFormatter: (v: string) => short.get(v) ?? v,
          interval: 'preserveStartEnd',
        }}
      />
    </div>
  );
}
