import type { ServiceAnalytics, ServiceAnalyticsQuery } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import {
  analyticsCsvHref,
  useRefreshAnalytics,
  useServiceAnalytics,
} from '../api/get-service-analytics.ts';
import {
  PRESETS,
  funnelRows,
  isEmpty,
  lastDays,
  pct,
  presetOf,
  rangeProblem,
  readRange,
  shortDay,
  totals,
} from '../lib/analytics-view.ts';

const Charts = {
  ActiveUsers: lazy(() =>
    import('./AnalyticsCharts.tsx').then((m) => ({ default: m.ActiveUsersChart })),
  ),
  Checkout: lazy(() => import('./AnalyticsCharts.tsx').then((m) => ({ default: m.CheckoutChart }))),
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The range: presets, or two dates typed in; both kept in the URL. */
function RangePicker({ range }: { range: ServiceAnalyticsQuery }) {
  const [, setParams] = useSearchParams();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const problem = rangeProblem(from, to);
  const preset = presetOf(range);
  const apply = (q: ServiceAnalyticsQuery) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', q.from);
      next.set('to', q.to);
      return next;
    });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="Range"
        value={preset ? String(preset) : 'custom'}
        onChange={(v) => {
          if (v === 'custom') return;
          const q = lastDays(Number(v));
          setFrom(q.from);
          setTo(q.to);
          apply(q);
        }}
        data={[
          ...PRESETS.map((d) => ({ value: String(d), label: `${d} days` })),
          { value: 'custom', label: 'Custom', disabled: true },
        ]}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) apply({ from, to });
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            w={150}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            w={150}
            error={from && to ? (problem ?? undefined) : undefined}
          />
          <Button type="submit" variant="default" disabled={problem !== null}>
            Show
          </Button>
        </Group>
      </form>
    </Group>
  );
}

function Figures({ a }: { a: ServiceAnalytics }) {
  const t = totals(a);
  const figures = [
    ['Daily active (last day)', t.dailyActive],
    ['Weekly active (last day)', t.weeklyActive],
    ['Page views', t.pageViews],
    ['Sign-ups', t.signups],
    ['Purchases', t.purchases],
    ['Cancelled checkouts', t.checkoutsCancelled],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" role="list" aria-label="Totals">
      {figures.map(([label, value]) => (
        <Card key={label} withBorder padding="sm" role="listitem" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value.toLocaleString('en')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Funnel({ a }: { a: ServiceAnalytics }) {
  const rows = funnelRows(a.funnel);
  return (
    <Section title="Activation funnel">
      <Text size="sm" c="dimmed" mb="xs">
        The people who signed up in the range, and how far each got.
      </Text>
      <Stack gap="xs" role="list" aria-label="Activation funnel">
        {rows.map((r) => (
          <div key={r.key} role="listitem" aria-label={`${r.label}: ${r.count}`}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{r.label}</Text>
              <Text size="sm" fw={600}>
                {r.count.toLocaleString('en')}{' '}
                <Text span c="dimmed" size="xs">
                  {r.share}
                </Text>
              </Text>
            </Group>
            <Progress
              value={a.funnel.signups > 0 ? (r.count / a.funnel.signups) * 100 : 0}
              aria-hidden
              size="sm"
            />
          </div>
        ))}
      </Stack>
    </Section>
  );
}

function TopScreens({ a }: { a: ServiceAnalytics }) {
  return (
    <Section title="Top screens and tabs">
      {a.topScreens.length === 0 ? (
        <Text size="sm" c="dimmed">
          No page views in this range.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Top screens and tabs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Screen</Table.Th>
                <Table.Th>Tab</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.topScreens.map((s) => (
                <Table.Tr key={`${s.screen} ${s.tab ?? ''}`}>
                  <Table.Td>{s.screen}</Table.Td>
                  <Table.Td>{s.tab ?? '—'}</Table.Td>
                  <Table.Td ta="right">{s.views.toLocaleString('en')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Retention({ a }: { a: ServiceAnalytics }) {
  const weeks = Math.max(0, ...a.retention.map((c) => c.active.length));
  return (
    <Section title="Retention by sign-up week">
      {a.retention.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody signed up in the last weeks.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Retention by sign-up week">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week of</Table.Th>
                <Table.Th ta="right">People</Table.Th>
                {Array.from({ length: weeks }, (_, i) => (
                  <Table.Th key={i} ta="right">
                    {i === 0 ? 'Week 0' : `+${i}`}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.retention.map((c) => (
                <Table.Tr key={c.week}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDay(c.week)}</Table.Td>
                  <Table.Td ta="right">{c.size}</Table.Td>
                  {Array.from({ length: weeks }, (_, i) => (
                    <Table.Td key={i} ta="right">
                      {i < c.active.length ? pct(c.active[i] ?? 0, c.size) : ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/**
 * The service console's analytics tab: how people use the product over a range of days in the
 * URL, read from the daily rollups (docs/service-console.md, "Service console: analytics").
 */
export function AnalyticsPanel() {
  const [params] = useSearchParams();
  const range = readRange(params);
  const query = useServiceAnalytics(range);
  const refresh = useRefreshAnalytics();
  const a = query.data;
  return (
    <Stack gap="md" aria-busy={query.isPending}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <RangePicker key={`${range.from} ${range.to}`} range={range} />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            Refresh now
          </Button>
          <Button
            component="a"
            href={analyticsCsvHref(range)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {refresh.isError ? (
        <ErrorAlert title="The analytics could not be refreshed" error={refresh.error}>
          {refresh.error.message}
        </ErrorAlert>
      ) : null}
      {query.isError ? (
        <ErrorAlert title="The analytics could not be loaded" error={query.error}>
          {query.error.message}{' '}
          <Anchor component="button" type="button" onClick={() => void query.refetch()}>
            Try again
          </Anchor>
        </ErrorAlert>
      ) : null}
      {query.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the analytics" />
        </Group>
      ) : null}
      {a ? (
        <>
          <Text size="xs" c="dimmed">
            {a.rolledUpAt
              ? `Days in UTC. Rolled up ${formatDateTime(a.rolledUpAt)}; brought up to date every 5 minutes.`
              : 'Not rolled up yet: the first run comes within 5 minutes, or use Refresh now.'}
          </Text>
          {isEmpty(a) ? (
            <Alert variant="light" title="Nothing in this range yet">
              No page views, no active people and no sign-ups between {shortDay(a.from)} and{' '}
              {shortDay(a.to)}. Pick another range, or refresh if people were active minutes ago.
            </Alert>
          ) : null}
          <Figures a={a} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title="Active users">
              <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                <Charts.ActiveUsers days={a.days} />
              </Suspense>
            </Section>
            <Section title="Checkout outcomes">
              <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                <Charts.Checkout days={a.days} />
              </Suspense>
            </Section>
            <Funnel a={a} />
            <TopScreens a={a} />
          </SimpleGrid>
          <Retention a={a} />
        </>
      ) : null}
    </Stack>
  );
}
