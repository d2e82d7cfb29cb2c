import {
  PLANS,
  SUBSCRIPTION_FILTERS,
  formatMoney,
  type SubscriptionList,
  type SubscriptionRow,
} from '@tenantry/shared';
import { subscriptionStatusLabel } from '#web/lib/labels.ts';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useSubscriptionList } from '../api/list-subscriptions.ts';
import {
  filterLabel,
  STATUS_COLORS,
  planLabel,
  readFilters,
  rowEnds,
  totalFor,
  writeFilters,
  type SubscriptionFilter,
} from '../lib/subscriptions-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';
import { CompPlanModal } from './CompPlanModal.tsx';
import { ExtendTrialModal } from './ExtendTrialModal.tsx';

type Totals = SubscriptionList['totals'];

const FIGURES = [
  { labelKey: 'subscriptions.totals.accounts', value: (t: Totals) => String(t.accounts) },
  { labelKey: 'subscriptions.totals.mrr', value: (t: Totals) => formatMoney(t.mrr) },
  { labelKey: 'subscriptions.totals.trialing', value: (t: Totals) => String(t.trialing) },
  { labelKey: 'subscriptions.totals.active', value: (t: Totals) => String(t.active) },
  { labelKey: 'subscriptions.totals.pastDue', value: (t: Totals) => String(t.pastDue) },
] as const;

function TotalsCards({ totals }: { totals: Totals | undefined }) {
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 5 }}
      spacing="sm"
      aria-label={t('subscriptions.totals')}
      role="list"
    >
      {FIGURES.map((f) => (
        <Card key={f.labelKey} withBorder padding="sm" role="listitem" aria-label={t(f.labelKey)}>
          <Text size="xs" c="dimmed">
            {t(f.labelKey)}
          </Text>
          {totals ? (
            <Text fw={700} size="lg">
              {f.value(totals)}
            </Text>
          ) : (
            <Skeleton height={24} mt={4} width="60%" />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function StatusBadges({ row }: { row: SubscriptionRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[row.status]} variant="light" size="sm">
        {subscriptionStatusLabel(row.status)}
      </Badge>
      {row.readOnly ? (
        <Badge color="red" variant="outline" size="sm">
          {t('subscriptions.readOnly')}
        </Badge>
      ) : null}
    </Group>
  );
}

function PlanCell({ row }: { row: SubscriptionRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{planLabel(row)}</Text>
      {row.comped ? (
        <Badge
          color="grape"
          variant="light"
          size="sm"
          title={t('subscriptions.comped.title', { plan: PLANS[row.subscribedPlan].name })}
        >
          {t('subscriptions.comped')}
        </Badge>
      ) : null}
    </Group>
  );
}

function Ends({ row }: { row: SubscriptionRow }) {
  const ends = rowEnds(row);
  if (!ends) return <Text size="sm">—</Text>;
  return (
    <Text size="sm">
      {rich(
        t,
        'subscriptions.ends',
        { label: ends.label },
        { date: <time dateTime={ends.at}>{formatDate(ends.at)}</time> },
      )}
    </Text>
  );
}

type Action = { kind: 'trial' | 'comp'; row: SubscriptionRow } | null;

/**
 * service/subscriptions: every account's plan, status and MRR for system admins — the totals,
 * a search and status filter kept in the URL, "Load more", and per row "Extend trial…" and
 * "Comp a plan…".
 */
export function SubscriptionsPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useSubscriptionList(filters);
  const [action, setAction] = useState<Action>(null);

  // The search box writes the URL once typing pauses (replacing the entry: no history per key);
  // a search the URL brings (back, a link) fills the box.
  const inUrl = useRef(filters.q);
  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setParams((prev) => writeFilters(prev, { q: debounced }), { replace: true });
  }, [debounced, setParams]);
  useEffect(() => {
    if (filters.q === inUrl.current) return;
    inUrl.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);

  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = list.data?.pages[0]?.totals;
  const filtered = filters.q !== '' || filters.status !== 'all';

  return (
    <Stack gap="md">
      <TotalsCards totals={totals} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('subscriptions.search.label')}
          placeholder={t('subscriptions.search.placeholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 240px"
          maxLength={200}
        />
        <Select
          label={t('subscriptions.status.label')}
          data={SUBSCRIPTION_FILTERS.map((f) => ({ value: f, label: filterLabel(f) }))}
          value={filters.status}
          onChange={(v) =>
            setParams(writeFilters(params, { status: (v ?? 'all') as SubscriptionFilter }), {
              replace: true,
            })
          }
          allowDeselect={false}
          flex="0 1 180px"
        />
      </Group>

      <PagedList
        query={list}
        count={rows.length}
        noun={t('paged.accounts')}
        total={totals ? totalFor(filters.status, totals) : undefined}
        empty={
          <Text c="dimmed" role="status">
            {filtered ? t('subscriptions.noneMatch') : t('subscriptions.none')}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={960}>
          <Table
            striped
            highlightOnHover
            aria-label={t('subscriptions.table')}
            verticalSpacing="xs"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscriptions.column.account')}</Table.Th>
                <Table.Th>{t('subscriptions.column.owner')}</Table.Th>
                <Table.Th>{t('subscriptions.column.plan')}</Table.Th>
                <Table.Th>{t('subscriptions.column.status')}</Table.Th>
                <Table.Th ta="right">{t('subscriptions.column.mrr')}</Table.Th>
                <Table.Th>{t('subscriptions.column.ends')}</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('subscriptions.column.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.accountId}>
                  <Table.Td>
                    <NameText name={row.accountName} size="sm" fw={500} />
                  </Table.Td>
                  <Table.Td>
                    {row.ownerEmail ? <NameText name={row.ownerEmail} size="sm" /> : '—'}
                  </Table.Td>
                  <Table.Td>
                    <PlanCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadges row={row} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(row.mrr)}</Table.Td>
                  <Table.Td>
                    <Ends row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('subscriptions.actions.label', {
                            account: row.accountName,
                          })}
                        >
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setAction({ kind: 'trial', row })}>
                          {t('subscriptions.actions.extendTrial')}
                        </Menu.Item>
                        <Menu.Item onClick={() => setAction({ kind: 'comp', row })}>
                          {t('subscriptions.actions.comp')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>

      <ExtendTrialModal
        row={action?.kind === 'trial' ? action.row : null}
        onClose={() => setAction(null)}
      />
      <CompPlanModal
        row={action?.kind === 'comp' ? action.row : null}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
