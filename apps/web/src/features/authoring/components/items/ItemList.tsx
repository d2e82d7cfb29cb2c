import type { ContentScope } from '@tenantry/shared';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ScopeBadge, StatusBadge } from '#web/components/ContentBadges.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { ApiError } from '#web/lib/api.ts';
import type { ItemKind } from '#web/lib/content/content-kinds.ts';
import { useContentList } from '#web/lib/content/list-content.ts';
import { SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { formatDate } from '#web/lib/format.ts';
import { useAuthorScopes } from '../../api/author-scopes.ts';
import { itemTexts, type ItemSummaryOf } from '../../lib/items.ts';
import { t } from '../../messages.ts';
import { CreateItemModal } from './CreateItemModal.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

/** What a kind adds to the list: its picture, its own columns and phone-card lines. */
export interface ItemListView<K extends ItemKind> {
  /** The picture of the empty list. */
  icon: ReactNode;
  tableMinWidth: number;
  /** The columns between Status and Updated. */
  columns: { header: string; cell: (item: ItemSummaryOf[K]) => ReactNode }[];
  /** On a phone: beside the status and scope badges. */
  cardBadges?: (item: ItemSummaryOf[K]) => ReactNode;
  /** On a phone: the words before the date ("Updated" unless said). */
  cardUpdated?: (item: ItemSummaryOf[K]) => string;
  /** On a phone: under the date. */
  cardFooter?: (item: ItemSummaryOf[K]) => ReactNode;
}

interface ItemListProps<K extends ItemKind> {
  kind: K;
  view: ItemListView<K>;
  hrefFor: (id?: string) => string;
}

function ItemTitle({ title, href }: { title: string; href: string }) {
  return (
    <Anchor component={Link} to={href} fw={500} size="sm" style={wrap}>
      {title}
    </Anchor>
  );
}

/** The playbooks or articles I may author: search, tag and scope filters, status, "New …". */
export function ItemList<K extends ItemKind>({ kind, view, hrefFor }: ItemListProps<K>) {
  const texts = itemTexts(kind);
  const scopes = useAuthorScopes();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [scope, setScope] = useState<ContentScope | null>(null);
  const [creating, setCreating] = useState(false);
  const [q] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  const filters = useMemo(() => ({ q, scope, tag: debouncedTag }), [q, scope, debouncedTag]);
  const list = useContentList('authoring', kind, filters);
  // One kind's pages: the summaries of that kind.
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []) as ItemSummaryOf[K][];
  const filtered = Boolean(filters.q.trim() || filters.tag.trim() || filters.scope);
  const forbidden = list.error instanceof ApiError && list.error.status === 403;

  const newButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      {t('list.new', { kind })}
    </Button>
  );
  const modal = (
    <CreateItemModal
      kind={kind}
      opened={creating}
      onClose={() => setCreating(false)}
      scopes={scopes}
      hrefFor={hrefFor}
    />
  );

  if (forbidden) {
    return (
      <ErrorAlert title={t('list.forbidden.title', { kind })}>
        {t('list.forbidden.body', { kind })}
      </ErrorAlert>
    );
  }

  // The dialog stays at one place in the tree whichever body shows: when the list answers
  // "none yet" while someone types in it, it must not be a new dialog with an empty form.
  if (list.isSuccess && items.length === 0 && !filtered) {
    return (
      <>
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="sm" ta="center">
            {view.icon}
            <Title order={2} size="h3">
              {t('list.empty.title', { kind })}
            </Title>
            <Text c="dimmed" maw={440}>
              {texts.empty}
            </Text>
            {newButton}
          </Stack>
        </Card>
        {modal}
      </>
    );
  }

  return (
    <>
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            flex="1 1 220px"
          />
          <TextInput
            label={t('list.tag.label')}
            placeholder={texts.tagPlaceholder}
            value={tag}
            onChange={(e) => setTag(e.currentTarget.value)}
            flex="0 1 150px"
          />
          {scopes.length > 1 ? (
            <Select
              label={t('list.scope.label')}
              data={[
                { value: 'all', label: t('list.scope.all') },
                { value: 'private', label: SCOPE_LABELS.private },
                { value: 'global', label: SCOPE_LABELS.global },
              ]}
              value={scope ?? 'all'}
              onChange={(v) => setScope(v === 'all' || !v ? null : (v as ContentScope))}
              allowDeselect={false}
              flex="0 1 140px"
            />
          ) : null}
          <Group ml="auto">{newButton}</Group>
        </Group>

        <PagedList query={list} count={items.length} noun={texts.many}>
          <TableOrCards
            label={texts.Many}
            items={items}
            minWidth={view.tableMinWidth}
            head={
              <>
                <Table.Th>{t('list.column.title')}</Table.Th>
                <Table.Th>{t('list.column.status')}</Table.Th>
                {view.columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
                <Table.Th>{t('list.column.updated')}</Table.Th>
              </>
            }
            row={(item) => (
              <>
                <Table.Td>
                  <ItemTitle title={item.title} href={hrefFor(item.id)} />
                  <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
                    {item.key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <StatusBadge status={item.status} />
                    <ScopeBadge scope={item.scope} />
                  </Group>
                </Table.Td>
                {view.columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                ))}
                <Table.Td>
                  <Text size="sm">
                    <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
                  </Text>
                  {item.updatedBy ? (
                    <Text size="xs" c="dimmed">
                      {item.updatedBy}
                    </Text>
                  ) : null}
                </Table.Td>
              </>
            )}
            card={(item) => (
              <>
                <ItemTitle title={item.title} href={hrefFor(item.id)} />
                <Group gap={4} mt={4}>
                  <StatusBadge status={item.status} />
                  <ScopeBadge scope={item.scope} />
                  {view.cardBadges?.(item)}
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {view.cardUpdated?.(item) ?? t('list.card.updated')}{' '}
                  <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
                </Text>
                {view.cardFooter?.(item)}
              </>
            )}
          />
        </PagedList>
      </Stack>
      {modal}
    </>
  );
}
