// The charts' styles load with the baseline tab's chunk, never with the app shell.
import '@mantine/charts/styles.css';
import type { SectionComparison } from '@tenantry/shared';
import { BarChart, RadarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title, useMatches } from '@mantine/core';
import {
  chartSummary,
  deltaRows,
  formatDelta,
  radarRows,
  shorten,
  wrapLabel,
} from '../lib/baseline-view.ts';
import { t } from '../messages.ts';

const pct = (v: number) => `${v} %`;

interface TickProps {
  x?: number | string;
  y?: number | string;
  cx?: number | string;
  cy?: number | string;
  textAnchor?: 'inherit' | 'end' | 'start' | 'middle';
  payload?: { value?: unknown };
}

/**
 * A radar axis label wrapped onto up to three lines (never cut to "Monitoring & Inci…"): above
 * the centre the lines grow upwards, below it downwards, so they stay clear of the chart.
 */
function radarTick(width: number, fontSize: number) {
  return function RadarTick({ x = 0, y = 0, cy = 0, textAnchor = 'middle', payload }: TickProps) {
    const lines = wrapLabel(String(payload?.value ?? ''), width);
    const lineHeight = fontSize * 1.15;
    const above = Number(y) < Number(cy) - 1;
    const first = above
      ? -(lines.length - 1) * lineHeight
      : Number(y) > Number(cy) + 1
        ? lineHeight * 0.6
        : -((lines.length - 1) * lineHeight) / 2;
    return (
      <text
        x={x}
        y={y}
        textAnchor={textAnchor}
        fontSize={fontSize}
        fill="var(--chart-text-color, var(--mantine-color-dimmed))"
      >
        {lines.map((line, i) => (
          <tspan key={i} x={x} dy={i === 0 ? first : lineHeight}>
            {line}
          </tspan>
        ))}
      </text>
    );
  };
}
const pts = (v: number) => formatDelta(v / 100);

/** A chart's frame: a heading, the chart as one image named by its words, and a note. */
function ChartCard({
  title,
  label,
  children,
}: {
  title: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" miw={0}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <div role="img" aria-label={label}>
        {children}
      </div>
    </Paper>
  );
}

/**
 * The top-level sections at a glance: a radar of their latest, baseline and target scores
 * (bars side by side with fewer than three sections), and a bar per section of its change in
 * points. Both are images named by their figures; the sections table has them in full.
 */
export function BaselineCharts({ sections }: { sections: readonly SectionComparison[] }) {
  const radar = radarRows(sections);
  const deltas = deltaRows(sections);
  const withTarget = radar.some((r) => r.Target !== null);
  const summary = chartSummary(sections);
  // On a phone the radar leaves more room around it for the section names.
  const narrow = useMatches({ base: true, sm: false });
  if (radar.length === 0) return null;
  const scoreSeries = [
    { name: 'Latest', label: t('charts.latest'), color: 'indigo.6' },
    { name: 'Baseline', label: t('charts.baseline'), color: 'gray.6' },
    ...(withTarget ? [{ name: 'Target', label: t('charts.target'), color: 'teal.6' }] : []),
  ];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <ChartCard title={t('charts.scores.title')} label={t('charts.scores.label', { summary })}>
        {radar.length >= 3 ? (
          <RadarChart
            h={340}
            data={radar}
            dataKey="section"
            withLegend
            withTooltip
            accessibilityLayer={false}
            series={scoreSeries.map((s) => ({
              ...s,
              opacity: s.name === 'Latest' ? 0.35 : s.name === 'Baseline' ? 0.15 : 0,
            }))}
            // A series' opacity of 0 counts as unset (0.4): the target is a dashed outline.
            radarProps={(s) =>
              s.name === 'Target'
                ? { fillOpacity: 0, strokeDasharray: '4 4', strokeWidth: 1.5 }
                : {}
            }
            radarChartProps={{ outerRadius: narrow ? '58%' : '72%' }}
            polarAngleAxisProps={{ tick: radarTick(narrow ? 12 : 16, narrow ? 11 : 12) }}
            polarRadiusAxisProps={{ domain: [0, 100], tick: false, axisLine: false }}
            withPolarRadiusAxis
            tooltipProps={{ formatter: (v) => (typeof v === 'number' ? pct(v) : '—') }}
          />
        ) : (
          <BarChart
            h={240}
            data={radar}
            dataKey="section"
            series={scoreSeries}
            withLegend
            accessibilityLayer={false}
            yAxisProps={{ domain: [0, 100] }}
            valueFormatter={pct}
            xAxisProps={{ tickFormatter: (v: string) => shorten(v, 16) }}
          />
        )}
      </ChartCard>
      <ChartCard title={t('charts.change.title')} label={t('charts.change.label', { summary })}>
        {deltas.length === 0 ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            {t('charts.change.empty')}
          </Text>
        ) : (
          <BarChart
            h={Math.max(180, 44 * deltas.length + 50)}
            data={deltas}
            dataKey="section"
            orientation="vertical"
            series={[{ name: 'Change', label: t('charts.change.series'), color: 'gray.6' }]}
            getBarColor={(v) => (v > 0 ? 'green.6' : v < 0 ? 'red.6' : 'gray.5')}
            accessibilityLayer={false}
            valueFormatter={pts}
            withBarValueLabel
            valueLabelProps={{ formatter: signed, fontSize: 12 }}
            gridAxis="x"
            maxBarWidth={22}
            yAxisProps={{
              width: narrow ? 84 : 120,
              tickFormatter: (v: string) => shorten(v, narrow ? 12 : 18),
            }}
            xAxisProps={{ domain: ([min, max]: readonly [number, number]) => symmetric(min, max) }}
            referenceLines={[{ x: 0, color: 'gray.5' }]}
          />
        )}
      </ChartCard>
    </SimpleGrid>
  );
}

/** "+12", "−5", "0": a bar's label (the axis says the unit). */
function signed(v: unknown): string {
  const n = Number(v);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** An axis around zero, for both directions (at least ±10 points), with room for the labels. */
function symmetric(min: number, max: number): [number, number] {
  const m = Math.max(10, 1.2 * Math.abs(min), 1.2 * Math.abs(max));
  const step = m <= 20 ? 5 : 10;
  const edge = Math.ceil(m / step) * step;
  return [-edge, edge];
}
