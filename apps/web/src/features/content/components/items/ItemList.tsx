import type { ContentScope, PlaybookSummary } from '@tenantry/shared';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChecklist, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useAuthorScopes } from '../../api/playbooks/author-scopes.ts';
import { usePlaybookList } from '../../api/playbooks/list-playbooks.ts';
import { PriorityBadge, ScopeBadge, StatusBadge } from './ContentBadges.tsx';
import { CreatePlaybookModal } from './CreatePlaybookModal.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

function PlaybookTitle({ p, href }: { p: PlaybookSummary; href: string }) {
  return (
    <Anchor component={Link} to={href} fw={500} size="sm" style={wrap}>
      {p.title}
    </Anchor>
  );
}

/** The playbooks I may author: search, scope filter, status, "New playbook". */
export function PlaybookList({ hrefFor }: { hrefFor: (id?: string) => string }) {
  const scopes = useAuthorScopes();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [scope, setScope] = useState<ContentScope | null>(null);
  const [creating, setCreating] = useState(false);
  const [q] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  const filters = useMemo(() => ({ q, scope, tag: debouncedTag }), [q, scope, debouncedTag]);
  const list = usePlaybookList(filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.q.trim() || filters.tag.trim() || filters.scope);
  const forbidden = list.error instanceof ApiError && list.error.status === 403;

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      New playbook
    </Button>
  );
  const modal = (
    <CreatePlaybookModal
      opened={creating}
      onClose={() => setCreating(false)}
      scopes={scopes}
      hrefFor={hrefFor}
    />
  );

  if (forbidden) {
    return (
      <ErrorAlert title="Playbooks are written by owners and admins">
        Ask an owner or admin of your account to write or change playbooks. Published ones are under
        Explore.
      </ErrorAlert>
    );
  }

  if (list.isSuccess && items.length === 0 && !filtered) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconChecklist size={40} aria-hidden />
          <Title order={2} size="h3">
            No playbooks yet
          </Title>
          <Text c="dimmed" maw={440}>
            A playbook is an ordered list of steps your team follows to close a gap an assessment
            found. Write the first one.
          </Text>
          {newButton}
        </Stack>
        {modal}
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title, summary or key"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 220px"
        />
        <TextInput
          label="Tag"
          placeholder="e.g. patching"
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value)}
          flex="0 1 150px"
        />
        {scopes.length > 1 ? (
          <Select
            label="Scope"
            data={[
              { value: 'all', label: 'All' },
              { value: 'private', label: 'Private' },
              { value: 'global', label: 'Global' },
            ]}
            value={scope ?? 'all'}
            onChange={(v) => setScope(v === 'all' || !v ? null : (v as ContentScope))}
            allowDeselect={false}
            flex="0 1 140px"
          />
        ) : null}
        <Group ml="auto">{newButton}</Group>
      </Group>

      {list.isPending ? (
        <Stack gap="xs" aria-label="Loading playbooks" aria-busy>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : list.isError && items.length === 0 ? (
        <ErrorAlert title="The playbooks could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </ErrorAlert>
      ) : items.length === 0 ? (
        <Text c="dimmed" role="status">
          No playbooks match.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="Playbooks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Priority</Table.Th>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <PlaybookTitle p={p} href={hrefFor(p.id)} />
                      <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
                        {p.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <StatusBadge status={p.status} />
                        <ScopeBadge scope={p.scope} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <PriorityBadge priority={p.priority} />
                    </Table.Td>
                    <Table.Td>{p.stepCount}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <time dateTime={p.updatedAt}>{formatDate(p.updatedAt)}</time>
                      </Text>
                      {p.updatedBy ? (
                        <Text size="xs" c="dimmed">
                          {p.updatedBy}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((p) => (
              <Card key={p.id} withBorder padding="sm" component="li">
                <PlaybookTitle p={p} href={hrefFor(p.id)} />
                <Group gap={4} mt={4}>
                  <StatusBadge status={p.status} />
                  <ScopeBadge scope={p.scope} />
                  <PriorityBadge priority={p.priority} />
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {p.stepCount} {p.stepCount === 1 ? 'step' : 'steps'} · updated{' '}
                  <time dateTime={p.updatedAt}>{formatDate(p.updatedAt)}</time>
                </Text>
              </Card>
            ))}
          </Stack>
          {list.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
      {modal}
    </Stack>
  );
}
