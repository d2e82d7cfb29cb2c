import { PLAN_IDS, PLANS, SUBSCRIPTION_STATUSES, type ServiceAccountRow } from '@tenantry/shared';
import { subscriptionStatusLabel } from '#web/lib/labels.ts';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { STATUS_COLORS } from '../../lib/subscriptions-view.ts';
import { t } from '../../messages.ts';
import { useServiceAccounts } from '../api/accounts-api.ts';
import {
  NO_ACCOUNT_FILTERS,
  hasAccountFilters,
  readAccountFilters,
  writeAccountFilters,
  type AccountFilters,
} from '../lib/accounts-view.ts';

const PLAN_CHOICES = PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }));
const statusChoices = () =>
  SUBSCRIPTION_STATUSES.map((s) => ({
    value: s,
    label: subscriptionStatusLabel(s),
  }));
const suspendedChoices = () => [
  { value: 'true', label: t('accounts.filter.suspended') },
  { value: 'false', label: t('accounts.filter.notSuspended') },
];

function Filters({
  filters,
  set,
}: {
  filters: AccountFilters;
  set: (patch: Partial<AccountFilters>) => void;
}) {
  const day = (key: keyof AccountFilters, label: string) => (
    <TextInput
      label={label}
      type="date"
      value={filters[key]}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      flex="0 1 150px"
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('accounts.filter.plan.label')}
        placeholder={t('accounts.filter.plan.placeholder')}
        data={PLAN_CHOICES}
        value={filters.plan || null}
        onChange={(v) => set({ plan: (v ?? '') as AccountFilters['plan'] })}
        clearable
        flex="0 1 150px"
      />
      <Select
        label={t('accounts.filter.status.label')}
        placeholder={t('accounts.filter.status.placeholder')}
        data={statusChoices()}
        value={filters.status || null}
        onChange={(v) => set({ status: (v ?? '') as AccountFilters['status'] })}
        clearable
        flex="0 1 150px"
      />
      <Select
        label={t('accounts.filter.suspension.label')}
        placeholder={t('accounts.filter.suspension.placeholder')}
        data={suspendedChoices()}
        value={filters.suspended || null}
        onChange={(v) => set({ suspended: (v ?? '') as AccountFilters['suspended'] })}
        clearable
        flex="0 1 160px"
      />
      {day('createdFrom', t('accounts.filter.createdFrom'))}
      {day('createdTo', t('accounts.filter.createdTo'))}
      {day('activeFrom', t('accounts.filter.activeFrom'))}
      {day('activeTo', t('accounts.filter.activeTo'))}
      {hasAccountFilters(filters) ? (
        <Button variant="subtle" onClick={() => set(NO_ACCOUNT_FILTERS)}>
          {t('accounts.filter.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

function Row({ row }: { row: ServiceAccountRow }) {
  return (
    <Table.Tr>
      <Table.Td>
        <NameText
          name={row.name}
          to={`/service/accounts/${encodeURIComponent(row.id)}`}
          size="sm"
          fw={500}
        />
      </Table.Td>
      <Table.Td>{row.ownerEmail ? <NameText name={row.ownerEmail} size="sm" /> : '—'}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{PLANS[row.plan].name}</Text>
          {row.comped ? (
            <Badge color="grape" variant="light" size="sm">
              {t('accounts.row.comped')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge color={STATUS_COLORS[row.status]} variant="light" size="sm">
            {subscriptionStatusLabel(row.status)}
          </Badge>
          {row.suspended ? (
            <Badge color="red" variant="filled" size="sm">
              {t('accounts.row.suspended')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td ta="right">{row.members}</Table.Td>
      <Table.Td ta="right">{row.tenants}</Table.Td>
      <Table.Td>
        <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        {row.lastActiveAt ? (
          <time dateTime={row.lastActiveAt}>{formatDateTime(row.lastActiveAt)}</time>
        ) : (
          <Text size="sm" c="dimmed">
            {t('accounts.row.never')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * service/accounts: every account for system admins — a search (name, owner e-mail or id) and
 * filters kept in the URL, newest first, "Load more"; each account opens its page.
 */
export function AccountsPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readAccountFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useServiceAccounts(filters);

  // The search box writes the URL once typing pauses (replacing the entry); a search the URL
  // brings (back, a link) fills the box.
  const inUrl = useRef(filters.q);
  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setParams((prev) => writeAccountFilters(prev, { q: debounced }), { replace: true });
  }, [debounced, setParams]);
  useEffect(() => {
    if (filters.q === inUrl.current) return;
    inUrl.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);

  const set = (patch: Partial<AccountFilters>) => {
    if ('q' in patch) setSearch(patch.q ?? '');
    setParams((prev) => writeAccountFilters(prev, patch), { replace: true });
  };
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label={t('accounts.search.label')}
        placeholder={t('accounts.search.placeholder')}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={200}
      />
      <Filters filters={filters} set={set} />
      <PagedList
        query={list}
        count={rows.length}
        noun={t('paged.accounts')}
        empty={
          <Text c="dimmed" role="status">
            {hasAccountFilters(filters) ? t('accounts.noneMatch') : t('accounts.none')}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover aria-label={t('accounts.table')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounts.column.account')}</Table.Th>
                <Table.Th>{t('accounts.column.owner')}</Table.Th>
                <Table.Th>{t('accounts.column.plan')}</Table.Th>
                <Table.Th>{t('accounts.column.status')}</Table.Th>
                <Table.Th ta="right">{t('accounts.column.members')}</Table.Th>
                <Table.Th ta="right">{t('accounts.column.tenants')}</Table.Th>
                <Table.Th>{t('accounts.column.created')}</Table.Th>
                <Table.Th>{t('accounts.column.lastActive')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Row key={row.id} row={row} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Stack>
  );
}
