import type { ContentScope, FrameworkSummary } from '@tenantry/shared';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { useContentList } from '#web/lib/content/list-content.ts';
import { SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { formatDate } from '#web/lib/format.ts';
import { statusBadges } from '../lib/framework-status.ts';
import { CreateFrameworkModal } from './CreateFrameworkModal.tsx';
import { ImportFrameworkModal } from './ImportFrameworkModal.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

interface FrameworkListProps {
  scopes: readonly ContentScope[];
  hrefFor: (focus?: string) => string;
}

function StatusBadges({ framework }: { framework: FrameworkSummary }) {
  return (
    <Group gap={4} wrap="wrap">
      {statusBadges(framework).map((b) => (
        <Badge key={b.label} color={b.color} variant={b.variant} size="sm" tt="none">
          {b.label}
        </Badge>
      ))}
    </Group>
  );
}

function ScopeBadge({ scope }: { scope: ContentScope }) {
  return (
    <Badge variant="dot" color={scope === 'global' ? 'grape' : 'cyan'} size="sm" tt="none">
      {SCOPE_LABELS[scope]}
    </Badge>
  );
}

type ScopeFilter = 'all' | ContentScope;

/** The frameworks I may author: search, scope filter, status and question counts. */
export function FrameworkList({ scopes, hrefFor }: FrameworkListProps) {
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<ScopeFilter>('all');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 300);
  const filters = useMemo(
    () => ({ q, scope: scope === 'all' ? null : scope, tag: '' }),
    [q, scope],
  );
  const list = useContentList('authoring', 'frameworks', filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(filters.q || filters.scope);

  const actions = (
    <Group gap="sm">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
        {t('list.new')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={() => setImporting(true)}
      >
        {t('list.import')}
      </Button>
    </Group>
  );

  const modals = (
    <>
      <CreateFrameworkModal
        opened={creating}
        onClose={() => setCreating(false)}
        scopes={scopes}
        hrefFor={hrefFor}
      />
      <ImportFrameworkModal
        opened={importing}
        onClose={() => setImporting(false)}
        scopes={scopes}
        hrefFor={hrefFor}
      />
    </>
  );

  if (list.isSuccess && items.length === 0 && !filtered) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconListCheck size={40} aria-hidden />
          <Title order={2} size="h3">
            {t('list.empty.title')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('list.empty.body')}
          </Text>
          {actions}
        </Stack>
        {modals}
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap" flex="1 1 320px">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.search.placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            flex="1 1 200px"
          />
          {scopes.length > 1 ? (
            <SegmentedControl
              aria-label={t('list.scope')}
              value={scope}
              onChange={(v) => setScope(v as ScopeFilter)}
              data={[
                { value: 'all', label: t('list.scope.all') },
                { value: 'global', label: t('list.scope.global') },
                { value: 'private', label: t('list.scope.private') },
              ]}
            />
          ) : null}
        </Group>
        {actions}
      </Group>

      <PagedList query={list} count={items.length} noun={t('list.noun')} total={total}>
        <TableOrCards
          label={t('list.label')}
          items={items}
          minWidth={640}
          head={
            <>
              <Table.Th>{t('list.column.name')}</Table.Th>
              <Table.Th>{t('list.column.scope')}</Table.Th>
              <Table.Th>{t('list.column.status')}</Table.Th>
              <Table.Th ta="right">{t('list.column.questions')}</Table.Th>
              <Table.Th>{t('list.column.updated')}</Table.Th>
            </>
          }
          row={(f) => (
            <>
              <Table.Td maw={360}>
                <NameText name={f.name} to={hrefFor(f.id)} fw={500} size="sm" />
                <Text size="xs" c="dimmed" style={NAME_WRAP}>
                  <Code>{f.key}</Code>
                </Text>
              </Table.Td>
              <Table.Td>
                <ScopeBadge scope={f.scope} />
              </Table.Td>
              <Table.Td>
                <StatusBadges framework={f} />
              </Table.Td>
              <Table.Td ta="right">{f.questionCount}</Table.Td>
              <Table.Td>
                <time dateTime={f.updatedAt}>{formatDate(f.updatedAt)}</time>
              </Table.Td>
            </>
          )}
          card={(f) => (
            <Stack gap={4}>
              <NameText name={f.name} to={hrefFor(f.id)} fw={500} />
              <Text size="xs" c="dimmed" style={NAME_WRAP}>
                {rich(
                  t,
                  'list.card.meta',
                  { count: f.questionCount },
                  {
                    key: <Code>{f.key}</Code>,
                    date: <time dateTime={f.updatedAt}>{formatDate(f.updatedAt)}</time>,
                  },
                )}
              </Text>
              <Group gap={4} wrap="wrap">
                <ScopeBadge scope={f.scope} />
                <StatusBadges framework={f} />
              </Group>
            </Stack>
          )}
        />
      </PagedList>
      {modals}
    </Stack>
  );
}
