import { formatMoney, type ServiceOverview, type TrendFigure } from '@tenantry/shared';
import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { useServiceOverview } from '../api/get-overview.ts';
import { readDays, trendColor, trendLabel, trendOf } from '../lib/overview-view.ts';

const AnswersChart = lazy(() =>
  import('./AnswersChart.tsx').then((m) => ({ default: m.AnswersChart })),
);

interface Figure {
  label: string;
  figure: TrendFigure;
  format?: (n: number) => string;
  /** A rise is bad news (the arrow is red). */
  riseIsBad?: boolean;
}

function Trend({ f }: { f: Figure }) {
  const dir = trendOf(f.figure);
  if (dir === 'none') return null;
  const Icon = dir === 'up' ? IconArrowUpRight : dir === 'down' ? IconArrowDownRight : IconMinus;
  const color = trendColor(dir, f.riseIsBad ?? false);
  return (
    <Group gap={2} wrap="nowrap">
      <Icon
        size={14}
        aria-hidden
        color={`var(--mantine-color-${color === 'dimmed' ? 'dimmed' : `${color}-7`})`}
      />
      <Text size="xs" c={color === 'dimmed' ? 'dimmed' : `${color}.7`}>
        {trendLabel(f.figure, f.format)}
      </Text>
    </Group>
  );
}

/** A card of figures, titled by a link to the tab that holds them. */
function FigureCard({ title, to, figures }: { title: string; to: string; figures: Figure[] }) {
  return (
    <Card withBorder padding="sm" role="region" aria-label={title}>
      <Anchor component={Link} to={to} fw={600} size="sm">
        {title}
      </Anchor>
      <Stack gap={6} mt={6}>
        {figures.map((f) => (
          <div key={f.label}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {f.label}
              </Text>
              <Text fw={700} aria-label={`${f.label}: ${(f.format ?? String)(f.figure.value)}`}>
                {(f.format ?? String)(f.figure.value)}
              </Text>
            </Group>
            <Trend f={f} />
          </div>
        ))}
      </Stack>
    </Card>
  );
}

const plain = (value: number): TrendFigure => ({ value, previous: null });

function Cards({ o }: { o: ServiceOverview }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <FigureCard
        title="Accounts"
        to="/service/accounts"
        figures={[
          { label: 'Total', figure: o.accounts.total },
          { label: 'New', figure: o.accounts.new },
          { label: 'Active in 7 days', figure: o.accounts.active7d },
          { label: 'Active in 30 days', figure: o.accounts.active30d },
        ]}
      />
      <FigureCard
        title="Sign-ups"
        to="/service/users"
        figures={[
          { label: 'Signed up', figure: o.signups.total },
          { label: 'Verified', figure: o.signups.verified },
        ]}
      />
      <FigureCard
        title="Subscriptions"
        to="/service/subscriptions"
        figures={[
          { label: 'MRR', figure: o.billing.mrr, format: formatMoney },
          { label: 'Trials ending in 7 days', figure: o.billing.trialsEnding7d },
          { label: 'Past due', figure: o.billing.pastDue, riseIsBad: true },
        ]}
      />
      <FigureCard
        title="Assessments"
        to="/service/analytics"
        figures={[
          { label: 'Started', figure: o.assessments.started },
          { label: 'Completed', figure: o.assessments.completed },
          { label: 'Answers', figure: o.answers.total },
        ]}
      />
      <FigureCard
        title="Feedback"
        to="/service/feedback"
        figures={[{ label: 'Not handled', figure: o.feedbackUnhandled, riseIsBad: true }]}
      />
      <FigureCard
        title="System"
        to="/service/system"
        figures={[
          { label: 'Failed jobs', figure: plain(o.failedJobs) },
          { label: 'Errors in the last hour', figure: o.errorsLastHour, riseIsBad: true },
        ]}
      />
    </SimpleGrid>
  );
}

function Answers({ o }: { o: ServiceOverview }) {
  const total = o.answers.perDay.reduce((s, d) => s + d.value, 0);
  return (
    <Card withBorder padding="sm" role="region" aria-label="Answers per day">
      <Text fw={600} size="sm">
        Answers per day
      </Text>
      <div role="img" aria-label={`${total} answers in the last ${o.days} days`}>
        <Suspense fallback={<Skeleton height={180} />}>
          <AnswersChart perDay={o.answers.perDay} />
        </Suspense>
      </div>
    </Card>
  );
}

function Waiting({ o }: { o: ServiceOverview }) {
  const tickets = o.support.waitingLongest;
  return (
    <Card withBorder padding="sm" role="region" aria-label="Support tickets waiting longest">
      <Anchor component={Link} to="/service/support" fw={600} size="sm">
        Support tickets waiting longest
      </Anchor>
      {tickets.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6}>
          No ticket is waiting for an answer.
        </Text>
      ) : (
        <Stack gap={4} mt={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tickets.map((t) => (
            <li key={t.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Anchor
                  component={Link}
                  to={`/service/support/${encodeURIComponent(t.id)}`}
                  size="sm"
                  style={{ minWidth: 0 }}
                >
                  <NameText name={`#${t.number} ${t.subject}`} size="sm" />
                </Anchor>
                <Text
                  size="xs"
                  c="dimmed"
                  title={formatDateTime(t.awaitingSince)}
                  style={{ flexShrink: 0 }}
                >
                  {formatRelativeTime(t.awaitingSince)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t.accountName}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * service/overview: the service at a glance for the last 7 or 30 days (`?days=`), each figure
 * with an arrow against the period before, each card a link to its tab. Read from the daily
 * rollup (computed every few minutes).
 */
export function OverviewPanel() {
  const [params, setParams] = useSearchParams();
  const days = readDays(params);
  const overview = useServiceOverview(days);
  const o = overview.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          The last {days} days
        </Title>
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === '7') next.delete('days');
            else next.set('days', v);
            setParams(next, { replace: true });
          }}
          data={[
            { value: '7', label: '7 days' },
            { value: '30', label: '30 days' },
          ]}
        />
      </Group>
      {overview.isError ? (
        <ErrorAlert title="The overview could not be loaded" error={overview.error}>
          {overview.error.message}
        </ErrorAlert>
      ) : !o ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          aria-busy="true"
          aria-label="Loading"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          {o.computedAt === null ? (
            <Text c="dimmed" role="status">
              The figures are being counted for the first time; they appear within a few minutes.
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Counted {formatRelativeTime(o.computedAt)}; arrows compare with the {days} days
              before.
            </Text>
          )}
          <Cards o={o} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Answers o={o} />
            <Waiting o={o} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
