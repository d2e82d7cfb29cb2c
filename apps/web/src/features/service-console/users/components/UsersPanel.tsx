import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ServiceUserRow } from '@tenantry/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useUserList } from '../api/users-api.ts';
import {
  readUserFilters,
  roleLabel,
  writeUserFilters,
  type Flag,
  type UserFilters,
} from '../lib/users-view.ts';
import { t } from '../../messages.ts';

/** The badges of a user's state: system roles, disabled, not verified. */
export function UserBadges({ user }: { user: ServiceUserRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      {user.systemAdmin ? (
        <Badge color="grape" variant="light" size="sm">
          {roleLabel('admin')}
        </Badge>
      ) : null}
      {user.systemDeveloper ? (
        <Badge color="indigo" variant="light" size="sm">
          {roleLabel('developer')}
        </Badge>
      ) : null}
      {user.disabled ? (
        <Badge color="red" variant="light" size="sm">
          {t('users.badge.disabled')}
        </Badge>
      ) : null}
      {user.emailVerified ? null : (
        <Badge color="yellow" variant="outline" size="sm">
          {t('users.badge.notVerified')}
        </Badge>
      )}
    </Group>
  );
}

const flagOptions = (yes: string, no: string) => [
  { value: '', label: t('users.filter.any') },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/**
 * service/users: every person who can sign in — a search (the start of an e-mail or a name, or
 * a user id) and filters kept in the URL, newest first, "Load more"; each row opens the user's
 * page (service/users/{id}).
 */
export function UsersPanel() {
  const [params, setParams] = useSearchParams();
  const filters = readUserFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useUserList(filters);

  // The search box writes the URL once typing pauses; a search the URL brings fills the box.
  const inUrl = useRef(filters.q);
  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setParams((prev) => writeUserFilters(prev, { q: debounced }), { replace: true });
  }, [debounced, setParams]);
  useEffect(() => {
    if (filters.q === inUrl.current) return;
    inUrl.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);

  const setFilter = (patch: Partial<UserFilters>) =>
    setParams(writeUserFilters(params, patch), { replace: true });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some((v) => v !== '');

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('users.search.label')}
          placeholder={t('users.search.placeholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 240px"
          maxLength={200}
        />
        <Select
          label={t('users.filter.role')}
          data={[
            { value: '', label: t('users.filter.any') },
            { value: 'admin', label: roleLabel('admin') },
            { value: 'developer', label: roleLabel('developer') },
          ]}
          value={filters.role}
          onChange={(v) => setFilter({ role: (v ?? '') as UserFilters['role'] })}
          allowDeselect={false}
          flex="0 1 160px"
        />
        <Select
          label={t('users.filter.disabled')}
          data={flagOptions(t('users.filter.disabled.yes'), t('users.filter.disabled.no'))}
          value={filters.disabled}
          onChange={(v) => setFilter({ disabled: (v ?? '') as Flag })}
          allowDeselect={false}
          flex="0 1 140px"
        />
        <Select
          label={t('users.filter.verified')}
          data={flagOptions(t('users.filter.verified.yes'), t('users.filter.verified.no'))}
          value={filters.verified}
          onChange={(v) => setFilter({ verified: (v ?? '') as Flag })}
          allowDeselect={false}
          flex="0 1 140px"
        />
      </Group>

      <PagedList
        query={list}
        count={rows.length}
        noun={t('paged.users')}
        empty={
          <Text c="dimmed" role="status">
            {filtered ? t('users.noneMatch') : t('users.none')}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label={t('users.table')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.column.email')}</Table.Th>
                <Table.Th>{t('users.column.name')}</Table.Th>
                <Table.Th>{t('users.column.state')}</Table.Th>
                <Table.Th>{t('users.column.signedUp')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <NameText
                      name={user.email}
                      to={`/service/users/${encodeURIComponent(user.id)}`}
                      size="sm"
                      fw={500}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NameText name={user.name || '—'} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <UserBadges user={user} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Stack>
  );
}
