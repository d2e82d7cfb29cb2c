// The chart's styles load with this chunk, never with the console's first screen.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatDayShort } from '#web/lib/format.ts';

/** Answers written each day of the period, one bar a day. */
export function AnswersChart({ perDay }: { perDay: { day: string; value: number }[] }) {
  return (
    <BarChart
      h={180}
      data={perDay.map((d) => ({ day: formatDayShort(d.day), Answers: d.value }))}
      dataKey="day"
      series={[{ name: 'Answers', color: 'indigo.6' }]}
      withTooltip
      accessibilityLayer={false}
    />
  );
}
