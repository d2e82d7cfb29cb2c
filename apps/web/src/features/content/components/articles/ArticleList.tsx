import type { ArticleSummary, ContentScope } from '@tenantry/shared';
import {
  Anchor,
  Badge,
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
import { IconArticle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useAuthorScopes } from '../../api/articles/author-scopes.ts';
import { useArticleList } from '../../api/articles/list-articles.ts';
import { ScopeBadge, StatusBadge } from './ContentBadges.tsx';
import { CreateArticleModal } from './CreateArticleModal.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} mt={4}>
      {tags.map((t) => (
        <Badge key={t} variant="light" size="sm" tt="none">
          {t}
        </Badge>
      ))}
    </Group>
  );
}

function ArticleTitle({ p, href }: { p: ArticleSummary; href: string }) {
  return (
    <Anchor component={Link} to={href} fw={500} size="sm" style={wrap}>
      {p.title}
    </Anchor>
  );
}

/** The articles I may author: search, scope filter, status, "New article". */
export function ArticleList({ hrefFor }: { hrefFor: (id?: string) => string }) {
  const scopes = useAuthorScopes();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [scope, setScope] = useState<ContentScope | null>(null);
  const [creating, setCreating] = useState(false);
  const [q] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  const filters = useMemo(() => ({ q, scope, tag: debouncedTag }), [q, scope, debouncedTag]);
  const list = useArticleList(filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.q.trim() || filters.tag.trim() || filters.scope);
  const forbidden = list.error instanceof ApiError && list.error.status === 403;

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      New article
    </Button>
  );
  const modal = (
    <CreateArticleModal
      opened={creating}
      onClose={() => setCreating(false)}
      scopes={scopes}
      hrefFor={hrefFor}
    />
  );

  if (forbidden) {
    return (
      <ErrorAlert title="Articles are written by owners and admins">
        Ask an owner or admin of your account to write or change articles. Published ones are under
        Explore.
      </ErrorAlert>
    );
  }

  if (list.isSuccess && items.length === 0 && !filtered) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconArticle size={40} aria-hidden />
          <Title order={2} size="h3">
            No articles yet
          </Title>
          <Text c="dimmed" maw={440}>
            Articles are guides for your team and your clients: how to run an assessment, how to
            close a common gap. Write the first one.
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
          placeholder="e.g. guide"
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
        <Stack gap="xs" aria-label="Loading articles" aria-busy>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : list.isError && items.length === 0 ? (
        <ErrorAlert title="The articles could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </ErrorAlert>
      ) : items.length === 0 ? (
        <Text c="dimmed" role="status">
          No articles match.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="Articles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <ArticleTitle p={p} href={hrefFor(p.id)} />
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
                      <Tags tags={p.tags} />
                    </Table.Td>
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
                <ArticleTitle p={p} href={hrefFor(p.id)} />
                <Group gap={4} mt={4}>
                  <StatusBadge status={p.status} />
                  <ScopeBadge scope={p.scope} />
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  Updated <time dateTime={p.updatedAt}>{formatDate(p.updatedAt)}</time>
                </Text>
                <Tags tags={p.tags} />
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
