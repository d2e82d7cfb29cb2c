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
import { t } from '../../messages.ts';

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
        aria-label={t('analytics.range')}
        value={preset ? String(preset) : 'custom'}
        onChange={(v) => {
          if (v === 'custom') return;
          const q = lastDays(Number(v));
          setFrom(q.from);
          setTo(q.to);
          apply(q);
        }}
        data={[
          ...PRESETS.map((d) => ({
            value: String(d),
            label: t('analytics.range.days', { days: d }),
          })),
          { value: 'custom', label: t('analytics.range.custom'), disabled: true },
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
            label={t('analytics.range.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            w={150}
          />
          <TextInput
            type="date"
            label={t('analytics.range.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            w={150}
            error={from && to ? (problem ?? undefined) : undefined}
          />
          <Button type="submit" variant="default" disabled={problem !== null}>
            {t('analytics.range.show')}
          </Button>
        </Group>
      </form>
    </Group>
  );
}

function Figures({ a }: { a: ServiceAnalytics }) {
  const sum = totals(a);
  const figures = [
    [t('analytics.totals.dailyActive'), sum.dailyActive],
    [t('analytics.totals.weeklyActive'), sum.weeklyActive],
    [t('analytics.totals.pageViews'), sum.pageViews],
    [t('analytics.totals.signups'), sum.signups],
    [t('analytics.totals.purchases'), sum.purchases],
    [t('analytics.totals.checkoutsCancelled'), sum.checkoutsCancelled],
  ] as const;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="sm"
      role="list"
      aria-label={t('analytics.totals')}
    >
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
    <Section title={t('analytics.funnel.title')}>
      <Text size="sm" c="dimmed" mb="xs">
        {t('analytics.funnel.intro')}
      </Text>
      <Stack gap="xs" role="list" aria-label={t('analytics.funnel.title')}>
        {rows.map((r) => (
          <div
            key={r.key}
            role="listitem"
            aria-label={t('analytics.funnel.step', { label: r.label, count: r.count })}
          >
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
    <Section title={t('analytics.screens.title')}>
      {a.topScreens.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.screens.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('analytics.screens.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.screens.screen')}</Table.Th>
                <Table.Th>{t('analytics.screens.tab')}</Table.Th>
                <Table.Th ta="right">{t('analytics.screens.views')}</Table.Th>
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
    <Section title={t('analytics.retention.title')}>
      {a.retention.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.retention.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('analytics.retention.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.retention.weekOf')}</Table.Th>
                <Table.Th ta="right">{t('analytics.retention.people')}</Table.Th>
                {Array.from({ length: weeks }, (_, i) => (
                  <Table.Th key={i} ta="right">
                    {i === 0 ? t('analytics.retention.week0') : `+${i}`}
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
            {t('analytics.refresh')}
          </Button>
          <Button
            component="a"
            href={analyticsCsvHref(range)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('analytics.download')}
          </Button>
        </Group>
      </Group>
      {refresh.isError ? (
        <ErrorAlert title={t('analytics.refreshFailed')} error={refresh.error}>
          {refresh.error.message}
        </ErrorAlert>
      ) : null}
      {query.isError ? (
        <ErrorAlert title={t('analytics.loadFailed')} error={query.error}>
          {query.error.message}{' '}
          <Anchor component="button" type="button" onClick={() => void query.refetch()}>
            {t('analytics.retry')}
          </Anchor>
        </ErrorAlert>
      ) : null}
      {query.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('analytics.loading')} />
        </Group>
      ) : null}
      {a ? (
        <>
          <Text size="xs" c="dimmed">
            {a.rolledUpAt
              ? t('analytics.rolledUp', { date: formatDateTime(a.rolledUpAt) })
              : t('analytics.notRolledUp')}
          </Text>
          {isEmpty(a) ? (
            <Alert variant="light" title={t('analytics.empty.title')}>
              {t('analytics.empty.body', { from: shortDay(a.from), to: shortDay(a.to) })}
            </Alert>
          ) : null}
          <Figures a={a} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={t('analytics.activeUsers')}>
              <Suspense fallback={<Loader size="sm" aria-label={t('analytics.chart.loading')} />}>
                <Charts.ActiveUsers days={a.days} />
              </Suspense>
            </Section>
            <Section title={t('analytics.checkouts')}>
              <Suspense fallback={<Loader size="sm" aria-label={t('analytics.chart.loading')} />}>
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
