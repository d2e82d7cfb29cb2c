import type { PortfolioRow, PortfolioSort } from '@tenantry/shared';
import { formatScore } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatCalendarDay, formatRelativeTime } from '#web/lib/format.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import {
  formatTrend,
  PAGE_SIZE,
  portfolioCsvHref,
  sectionCell,
  sortBy,
  toPortfolioQuery,
  type CellState,
  type PortfolioView as View,
} from '../lib/portfolio-view.ts';
import './portfolio-view.css';
import { t } from '../messages.ts';

const classes = {
  scroll: 'portfolio-scroll',
  sticky: 'portfolio-sticky',
  sortButton: 'portfolio-sort',
  nowrap: 'portfolio-nowrap',
};

/** The colour beside the value and sign (light and dark schemes alike: Mantine's palette). */
export const CELL_COLOURS: Record<CellState, { bg?: string; c?: string }> = {
  below: { bg: 'var(--mantine-color-red-light)', c: 'var(--mantine-color-red-light-color)' },
  met: { bg: 'var(--mantine-color-green-light)', c: 'var(--mantine-color-green-light-color)' },
  'no-target': {},
  'no-score': {},
};

function SortHeader(props: {
  view: View;
  sort: PortfolioSort;
  section?: string;
  onChange: (v: View) => void;
  sticky?: boolean;
  children: ReactNode;
}) {
  const { view, sort, section = '' } = props;
  const active = view.sort === sort && (sort !== 'section' || view.section === section);
  const Icon = view.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      className={props.sticky ? classes.sticky : undefined}
      aria-sort={active ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => props.onChange(sortBy(view, sort, section))}
      >
        {props.children}
        {active ? <Icon size={14} aria-hidden /> : null}
      </UnstyledButton>
    </Table.Th>
  );
}

function Row({ row, columns }: { row: PortfolioRow; columns: { key: string }[] }) {
  const byKey = new Map(row.sections.map((s) => [s.key, s]));
  return (
    <Table.Tr>
      <Table.Th scope="row" className={classes.sticky}>
        <Anchor component={Link} to={`/tenant/${encodeURIComponent(row.id)}/overview`} fw={500}>
          {row.name}
        </Anchor>
        {row.latest ? (
          <Text size="xs" c="dimmed">
            {row.latest.frameworkName}
          </Text>
        ) : null}
      </Table.Th>
      <Table.Td>
        {formatScore(row.latest?.score)}
        {row.latest ? (
          <Text size="xs" c="dimmed">
            {t('portfolio.complete', { completion: formatScore(row.latest.completion) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.nowrap}>{formatTrend(row.trend)}</Table.Td>
      {columns.map((c) => {
        const cell = sectionCell(byKey.get(c.key));
        return (
          <Table.Td
            key={c.key}
            {...CELL_COLOURS[cell.state]}
            className={classes.nowrap}
            aria-label={cell.label}
          >
            <span aria-hidden>
              {cell.text} {cell.sign}
            </span>
          </Table.Td>
        );
      })}
      <Table.Td className={classes.nowrap}>
        {row.openTasks}
        {row.overdueTasks > 0 ? (
          <Badge color="red" variant="light" ml={6} tt="none" miw="max-content">
            {t('portfolio.overdueTasks', { n: row.overdueTasks })}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        {row.nextAssessmentDue ? formatCalendarDay(row.nextAssessmentDue) : '—'}
        {row.openAssessments > 0 && row.overdue && row.nextAssessmentDue
          ? row.nextAssessmentDue < new Date().toISOString().slice(0, 10)
            ? t('portfolio.overdueSuffix')
            : ''
          : ''}
      </Table.Td>
      <Table.Td>{row.lastActivityAt ? formatRelativeTime(row.lastActivityAt) : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** The portfolio: every client tenant's posture in one table, its view kept in the URL. */
/**
 * How many match and the pages. The count stops 1,000 past the page (`more`: "1050+"), so
 * the pages shown grow as one moves on.
 */
function Footer(props: {
  total: number;
  more: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {props.more
          ? t('portfolio.totalMore', { total: props.total })
          : t('portfolio.total', { total: props.total })}
      </Text>
      {props.total > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(props.total / PAGE_SIZE)}
          value={props.page}
          onChange={props.onPage}
          size="sm"
        />
      ) : null}
    </Group>
  );
}

export function PortfolioView({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  const [search, setSearch] = useState(view.q);
  const [tag, setTag] = useState(view.tag);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  useEffect(() => {
    if (debouncedSearch !== view.q || debouncedTag !== view.tag) {
      onChange({ ...view, q: debouncedSearch, tag: debouncedTag, page: 1 });
    }
    // Only the typed text moves the view here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch, debouncedTag]);
  const query = usePortfolio(toPortfolioQuery(view));
  const data = query.data;
  const columns = data?.columns ?? [];
  const set = (patch: Partial<View>) => onChange({ ...view, ...patch, page: 1 });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('portfolio.search')}
          placeholder={t('portfolio.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 200px"
          type="search"
        />
        <TextInput
          label={t('portfolio.tag')}
          placeholder={t('portfolio.tag.placeholder')}
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value)}
          flex="0 1 140px"
        />
        <Select
          label={t('portfolio.framework')}
          placeholder={t('portfolio.framework.any')}
          clearable
          data={(data?.frameworks ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={view.framework || null}
          onChange={(v) => set({ framework: v ?? '' })}
          flex="0 1 200px"
        />
        <Select
          label={t('portfolio.section')}
          placeholder={t('portfolio.section.any')}
          clearable
          data={columns.map((c) => ({ value: c.key, label: c.title }))}
          value={view.section || null}
          onChange={(v) =>
            set({
              section: v ?? '',
              ...(v === null && view.sort === 'section' ? { sort: 'name', order: 'asc' } : {}),
            })
          }
          flex="0 1 180px"
        />
        <Switch
          label={t('portfolio.belowTarget')}
          checked={view.belowTarget}
          onChange={(e) => set({ belowTarget: e.currentTarget.checked })}
          mb={8}
        />
        <Switch
          label={t('portfolio.overdue')}
          checked={view.overdue}
          onChange={(e) => set({ overdue: e.currentTarget.checked })}
          mb={8}
        />
        <Button
          component="a"
          href={portfolioCsvHref(view)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          ml="auto"
        >
          {t('portfolio.csv')}
        </Button>
      </Group>

      {query.isError ? (
        <ErrorAlert error={query.error} />
      ) : !data ? (
        <Stack gap="xs">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : data.tenants.length === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" ta="center">
            {t('portfolio.empty')}
          </Text>
        </Card>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720} className={classes.scroll}>
            <Table striped highlightOnHover withTableBorder aria-label={t('portfolio.label')}>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader view={view} sort="name" onChange={onChange} sticky>
                    {t('portfolio.col.client')}
                  </SortHeader>
                  <SortHeader view={view} sort="score" onChange={onChange}>
                    {t('portfolio.col.score')}
                  </SortHeader>
                  <SortHeader view={view} sort="trend" onChange={onChange}>
                    {t('portfolio.col.trend')}
                  </SortHeader>
                  {columns.map((c) => (
                    <SortHeader
                      key={c.key}
                      view={view}
                      sort="section"
                      section={c.key}
                      onChange={onChange}
                    >
                      {c.title}
                    </SortHeader>
                  ))}
                  <SortHeader view={view} sort="overdue" onChange={onChange}>
                    {t('portfolio.col.tasks')}
                  </SortHeader>
                  <SortHeader view={view} sort="due" onChange={onChange}>
                    {t('portfolio.col.due')}
                  </SortHeader>
                  <SortHeader view={view} sort="activity" onChange={onChange}>
                    {t('portfolio.col.activity')}
                  </SortHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.tenants.map((row) => (
                  <Row key={row.id} row={row} columns={columns} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Footer
            total={data.total}
            more={data.more}
            page={view.page}
            onPage={(page) => onChange({ ...view, page })}
          />
        </>
      )}
    </Stack>
  );
}
