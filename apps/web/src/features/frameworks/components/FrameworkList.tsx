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
        New framework
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={() => setImporting(true)}
      >
        Import
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
            No frameworks yet
          </Title>
          <Text c="dimmed" maw={460}>
            A framework is a tree of sections and questions that assessments are run against. Start
            an empty one, or import a framework file.
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
            label="Search"
            placeholder="Name, key or tag"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            flex="1 1 200px"
          />
          {scopes.length > 1 ? (
            <SegmentedControl
              aria-label="Scope"
              value={scope}
              onChange={(v) => setScope(v as ScopeFilter)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'global', label: 'Global' },
                { value: 'private', label: 'Private' },
              ]}
            />
          ) : null}
        </Group>
        {actions}
      </Group>

      <PagedList query={list} count={items.length} noun="frameworks" total={total}>
        <TableOrCards
          label="Frameworks"
          items={items}
          minWidth={640}
          head={
            <>
              <Table.Th>Name</Table.Th>
              <Table.Th>Scope</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Questions</Table.Th>
              <Table.Th>Updated</Table.Th>
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
                <Code>{f.key}</Code> · {f.questionCount} questions · updated{' '}
                <time dateTime={f.updatedAt}>{formatDate(f.updatedAt)}</time>
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
