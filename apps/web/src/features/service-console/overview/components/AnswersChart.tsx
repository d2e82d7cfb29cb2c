// The chart's styles load with this chunk, never with the console's first screen.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatDayShort } from '#web/lib/format.ts';
import { t } from '../../messages.ts';

/** Answers written each day of the period, one bar a day. */
export function AnswersChart({ perDay }: { perDay: { day: string; value: number }[] }) {
  const name = t('overview.answers.series');
  return (
    <BarChart
      h={180}
      data={perDay.map((d) => ({ day: formatDayShort(d.day), [name]: d.value }))}
      dataKey="day"
      series={[{ name, color: 'indigo.6' }]}
      withTooltip
      accessibilityLayer={false}
    />
  );
}
