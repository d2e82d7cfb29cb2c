import {
  PLAN_IDS,
  PLANS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type ServiceAccountRow,
} from '@tenantry/shared';
import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDate } from '#web/lib/format.ts';
import { STATUS_COLORS } from '../../lib/subscriptions-view.ts';
import { useServiceAccounts } from '../api/list-service-accounts.ts';
import {
  PERIODS,
  PERIOD_LABELS,
  hasFilters,
  readFilters,
  writeFilters,
  type AccountFilters,
} from '../lib/accounts-view.ts';

const periodData = PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

function Row({ row }: { row: ServiceAccountRow }) {
  return (
    <Table.Tr>
      <Table.Td>
        <NameText name={row.name} to={`/service/accounts/${row.id}`} size="sm" fw={500} />
      </Table.Td>
      <Table.Td>{row.ownerEmail ? <NameText name={row.ownerEmail} size="sm" /> : '—'}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{PLANS[row.plan].name}</Text>
          {row.comped ? (
            <Badge color="grape" variant="light" size="sm">
              Comped
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge color={STATUS_COLORS[row.status]} variant="light" size="sm">
            {SUBSCRIPTION_STATUS_LABELS[row.status]}
          </Badge>
          {row.suspended ? (
            <Badge color="red" variant="filled" size="sm">
              Suspended
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
          <time dateTime={row.lastActiveAt}>{formatDate(row.lastActiveAt)}</time>
        ) : (
          'Never'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * service/accounts: every account for system admins, newest first — a search (name, owner
 * e-mail or id) and filters kept in the URL, "Load more"; each row opens the account's page.
 */
export function AccountsPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useServiceAccounts(filters);

  // The search box writes the URL once typing pauses; a search the URL brings fills the box.
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

  const set = (patch: Partial<AccountFilters>) =>
    setParams(writeFilters(params, patch), { replace: true });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Account name, owner e-mail or id"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 240px"
          maxLength={200}
        />
        <Select
          label="Plan"
          placeholder="Any plan"
          data={PLAN_IDS.map((p) => ({ value: p, label: PLANS[p].name }))}
          value={filters.plan || null}
          onChange={(v) => set({ plan: (v ?? '') as AccountFilters['plan'] })}
          clearable
          flex="0 1 150px"
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={SUBSCRIPTION_STATUSES.map((s) => ({
            value: s,
            label: SUBSCRIPTION_STATUS_LABELS[s],
          }))}
          value={filters.status || null}
          onChange={(v) => set({ status: (v ?? '') as AccountFilters['status'] })}
          clearable
          flex="0 1 150px"
        />
        <Select
          label="Suspended"
          placeholder="Either"
          data={[
            { value: 'true', label: 'Suspended' },
            { value: 'false', label: 'Not suspended' },
          ]}
          value={filters.suspended || null}
          onChange={(v) => set({ suspended: (v ?? '') as AccountFilters['suspended'] })}
          clearable
          flex="0 1 150px"
        />
        <Select
          label="Created"
          placeholder="Any time"
          data={periodData}
          value={filters.created || null}
          onChange={(v) => set({ created: (v ?? '') as AccountFilters['created'] })}
          clearable
          flex="0 1 150px"
        />
        <Select
          label="Last active"
          placeholder="Any time"
          data={periodData}
          value={filters.active || null}
          onChange={(v) => set({ active: (v ?? '') as AccountFilters['active'] })}
          clearable
          flex="0 1 150px"
        />
      </Group>

      <PagedList
        query={list}
        count={rows.length}
        noun="accounts"
        empty={
          <Text c="dimmed" role="status">
            {hasFilters(filters) ? 'No accounts match.' : 'No accounts yet.'}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover aria-label="Accounts" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
                <Table.Th ta="right">Client tenants</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last active</Table.Th>
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
