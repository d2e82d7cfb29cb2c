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
import { t } from '../../messages.ts';
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
              <Text
                fw={700}
                aria-label={t('overview.figure.label', {
                  label: f.label,
                  value: (f.format ?? String)(f.figure.value),
                })}
              >
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
        title={t('overview.accounts')}
        to="/service/accounts"
        figures={[
          { label: t('overview.accounts.total'), figure: o.accounts.total },
          { label: t('overview.accounts.new'), figure: o.accounts.new },
          { label: t('overview.accounts.active7d'), figure: o.accounts.active7d },
          { label: t('overview.accounts.active30d'), figure: o.accounts.active30d },
        ]}
      />
      <FigureCard
        title={t('overview.signups')}
        to="/service/users"
        figures={[
          { label: t('overview.signups.total'), figure: o.signups.total },
          { label: t('overview.signups.verified'), figure: o.signups.verified },
        ]}
      />
      <FigureCard
        title={t('overview.subscriptions')}
        to="/service/subscriptions"
        figures={[
          { label: t('overview.subscriptions.mrr'), figure: o.billing.mrr, format: formatMoney },
          {
            label: t('overview.subscriptions.trialsEnding7d'),
            figure: o.billing.trialsEnding7d,
          },
          {
            label: t('overview.subscriptions.pastDue'),
            figure: o.billing.pastDue,
            riseIsBad: true,
          },
        ]}
      />
      <FigureCard
        title={t('overview.assessments')}
        to="/service/analytics"
        figures={[
          { label: t('overview.assessments.started'), figure: o.assessments.started },
          { label: t('overview.assessments.completed'), figure: o.assessments.completed },
          { label: t('overview.assessments.answers'), figure: o.answers.total },
        ]}
      />
      <FigureCard
        title={t('overview.feedback')}
        to="/service/feedback"
        figures={[
          { label: t('overview.feedback.unhandled'), figure: o.feedbackUnhandled, riseIsBad: true },
        ]}
      />
      <FigureCard
        title={t('overview.system')}
        to="/service/system"
        figures={[
          { label: t('overview.system.failedJobs'), figure: plain(o.failedJobs) },
          {
            label: t('overview.system.errorsLastHour'),
            figure: o.errorsLastHour,
            riseIsBad: true,
          },
        ]}
      />
    </SimpleGrid>
  );
}

function Answers({ o }: { o: ServiceOverview }) {
  const total = o.answers.perDay.reduce((s, d) => s + d.value, 0);
  return (
    <Card withBorder padding="sm" role="region" aria-label={t('overview.answers.title')}>
      <Text fw={600} size="sm">
        {t('overview.answers.title')}
      </Text>
      <div role="img" aria-label={t('overview.answers.chart', { total, days: o.days })}>
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
    <Card withBorder padding="sm" role="region" aria-label={t('overview.waiting.title')}>
      <Anchor component={Link} to="/service/support" fw={600} size="sm">
        {t('overview.waiting.title')}
      </Anchor>
      {tickets.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('overview.waiting.none')}
        </Text>
      ) : (
        <Stack gap={4} mt={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Anchor
                  component={Link}
                  to={`/service/support/${encodeURIComponent(ticket.id)}`}
                  size="sm"
                  style={{ minWidth: 0 }}
                >
                  <NameText name={`#${ticket.number} ${ticket.subject}`} size="sm" />
                </Anchor>
                <Text
                  size="xs"
                  c="dimmed"
                  title={formatDateTime(ticket.awaitingSince)}
                  style={{ flexShrink: 0 }}
                >
                  {formatRelativeTime(ticket.awaitingSince)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {ticket.accountName}
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
          {t('overview.title', { days })}
        </Title>
        <SegmentedControl
          aria-label={t('overview.period')}
          value={String(days)}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === '7') next.delete('days');
            else next.set('days', v);
            setParams(next, { replace: true });
          }}
          data={[
            { value: '7', label: t('overview.period.days', { days: 7 }) },
            { value: '30', label: t('overview.period.days', { days: 30 }) },
          ]}
        />
      </Group>
      {overview.isError ? (
        <ErrorAlert title={t('overview.loadFailed')} error={overview.error}>
          {overview.error.message}
        </ErrorAlert>
      ) : !o ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          aria-busy="true"
          aria-label={t('overview.loading')}
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          {o.computedAt === null ? (
            <Text c="dimmed" role="status">
              {t('overview.firstCount')}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t('overview.counted', { when: formatRelativeTime(o.computedAt), days })}
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
