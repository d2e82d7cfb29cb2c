import type {
  ArticleSummary,
  ContentScope,
  LibraryFramework,
  PlaybookSummary,
} from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Highlight,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PriorityBadge, ScopeBadge, Tags } from '#web/components/ContentBadges.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import type { ContentKind } from '#web/lib/content/content-kinds.ts';
import { useContentList } from '#web/lib/content/list-content.ts';
import { readLibraryQuery, writeLibraryQuery, type LibraryQuery } from '../lib/library-query.ts';
import { FrameworkPreview } from './FrameworkPreview.tsx';
import { ArticleView, PlaybookView } from './ItemViews.tsx';
import { t } from '../messages.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

/** A published framework an action may apply to (the version shown, or the latest). */
export interface FrameworkRef {
  id: string;
  name: string;
  latestVersion: number | null;
  /** The version in view (a preview of an older version). */
  version?: number;
  /** Global (the library's, forkable) or the account's own. */
  scope?: ContentScope;
}

export interface ExploreLibraryProps {
  kind: ContentKind;
  /** The URL of an explore tab (keeps the client tenant in the path). */
  hrefFor: (tab: ContentKind) => string;
  /** An action on each framework (explore opened for a client tenant: start an assessment). */
  frameworkAction?: ((framework: FrameworkRef) => ReactNode) | undefined;
}

type Summary = LibraryFramework | PlaybookSummary | ArticleSummary;

function ResultCard({
  href,
  title,
  q,
  badges,
  summary,
  tags,
  children,
}: {
  href: string;
  title: string;
  q: string;
  badges: ReactNode;
  summary: string;
  tags: string[];
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="li">
      <Stack gap={6}>
        <Title order={3} size="h5" style={wrap}>
          <Anchor component={Link} to={href} inherit>
            <Highlight component="span" highlight={q.trim() ? [q.trim()] : []} inherit>
              {title}
            </Highlight>
          </Anchor>
        </Title>
        <Group gap={4}>{badges}</Group>
        {summary ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={wrap}>
            {summary}
          </Text>
        ) : null}
        <Tags tags={tags} />
        {children}
      </Stack>
    </Card>
  );
}

function FrameworkCard({
  f,
  q,
  itemHref,
  action,
}: {
  f: LibraryFramework;
  q: string;
  itemHref: (id: string, node?: string) => string;
  action: ExploreLibraryProps['frameworkAction'];
}) {
  return (
    <ResultCard
      href={itemHref(f.id)}
      title={f.name}
      q={q}
      summary={f.summary}
      tags={f.tags}
      badges={
        <>
          <ScopeBadge scope={f.scope} forReaders />
          {f.latestVersion ? (
            <Badge variant="light" size="sm" tt="none">
              {t('card.version', { version: f.latestVersion })}
            </Badge>
          ) : null}
          <Badge variant="light" color="gray" size="sm" tt="none">
            {t('card.questions', { count: f.questionCount })}
          </Badge>
        </>
      }
    >
      {f.matches.length ? (
        <div>
          <Text size="xs" fw={600} c="dimmed">
            {t('card.matches')}
          </Text>
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {f.matches.map((m) => (
              <li key={m.key}>
                <Anchor component={Link} to={itemHref(f.id, m.key)} size="sm" style={wrap}>
                  <Code>{m.key}</Code>{' '}
                  <Highlight component="span" highlight={q.trim() ? [q.trim()] : []} inherit>
                    {m.title}
                  </Highlight>
                </Anchor>
              </li>
            ))}
          </Stack>
        </div>
      ) : null}
      {action && f.latestVersion ? (
        <Group gap="xs">
          {action({ id: f.id, name: f.name, latestVersion: f.latestVersion, scope: f.scope })}
        </Group>
      ) : null}
    </ResultCard>
  );
}

function Results({
  kind,
  query,
  itemHref,
  onClear,
  frameworkAction,
}: {
  kind: ContentKind;
  query: LibraryQuery;
  itemHref: (id: string, node?: string) => string;
  onClear: () => void;
  frameworkAction: ExploreLibraryProps['frameworkAction'];
}) {
  const filters = useMemo(
    () => ({ q: query.q, scope: query.scope, tag: query.tag }),
    [query.q, query.scope, query.tag],
  );
  const list = useContentList('library', kind, filters);
  const items: Summary[] = list.data?.pages.flatMap((p) => p.items as Summary[]) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const searched = filters.q.trim();
  const filtered = Boolean(filters.q.trim() || filters.tag.trim() || filters.scope);

  return (
    <PagedList
      query={list}
      count={items.length}
      noun={t('results.noun', { kind })}
      gap="sm"
      loading={
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label={t('results.loading', { kind })} aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={140} radius="md" />
          ))}
        </SimpleGrid>
      }
      empty={
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs" ta="center" role="status">
            <Text fw={500}>
              {filtered
                ? searched
                  ? t('results.noMatchFor', { kind, q: searched })
                  : t('results.noMatch', { kind })
                : t('results.noneYet', { kind })}
            </Text>
            <Text size="sm" c="dimmed" maw={420}>
              {filtered ? t('results.tryOther') : t('results.noneYetHint', { kind })}
            </Text>
            {filtered ? (
              <Button variant="light" size="xs" onClick={onClear}>
                {t('results.clear')}
              </Button>
            ) : null}
          </Stack>
        </Card>
      }
    >
      <Text size="sm" c="dimmed" role="status">
        {t(filtered ? 'results.countFound' : 'results.count', { kind, count: total })}
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('results.noun', { kind })}
      >
        {items.map((item) => {
          if (kind === 'frameworks') {
            return (
              <FrameworkCard
                key={item.id}
                f={item as LibraryFramework}
                q={filters.q}
                itemHref={itemHref}
                action={frameworkAction}
              />
            );
          }
          if (kind === 'playbooks') {
            const p = item as PlaybookSummary;
            return (
              <ResultCard
                key={p.id}
                href={itemHref(p.id)}
                title={p.title}
                q={filters.q}
                summary={p.summary}
                tags={p.tags}
                badges={
                  <>
                    <ScopeBadge scope={p.scope} forReaders />
                    <PriorityBadge priority={p.priority} />
                    <Badge variant="light" color="gray" size="sm" tt="none">
                      {t('card.steps', { count: p.stepCount })}
                    </Badge>
                  </>
                }
              />
            );
          }
          const a = item as ArticleSummary;
          return (
            <ResultCard
              key={a.id}
              href={itemHref(a.id)}
              title={a.title}
              q={filters.q}
              summary={a.summary}
              tags={a.tags}
              badges={<ScopeBadge scope={a.scope} forReaders />}
            />
          );
        })}
      </SimpleGrid>
    </PagedList>
  );
}

/**
 * One explore tab: a search box (debounced, kept in the URL as `?q=`), the scope and tag
 * filters, result cards, and, with `?item=`, the item read-only in place of the results.
 */
export function ExploreLibrary({ kind, hrefFor, frameworkAction }: ExploreLibraryProps) {
  const [params, setParams] = useSearchParams();
  const query = readLibraryQuery(params);
  const [search, setSearch] = useState(query.q);
  const [tag, setTag] = useState(query.tag);
  const [q] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  const scopeLabel = useId();

  // The typed search and tag reach the URL once typing pauses (replacing, not adding, history).
  const latest = useRef({ query, setParams });
  useEffect(() => {
    latest.current = { query, setParams };
  });
  useEffect(() => {
    const { query: current, setParams: set } = latest.current;
    if (q === current.q && debouncedTag === current.tag) return;
    set(writeLibraryQuery({ ...current, q, tag: debouncedTag, item: null, node: null }), {
      replace: true,
    });
  }, [q, debouncedTag]);
  // Back and forward change the URL: the box follows (what this box wrote itself is its own).
  const written = useRef(q);
  useEffect(() => {
    written.current = q;
  }, [q]);
  useEffect(() => {
    if (query.q !== written.current) setSearch(query.q);
  }, [query.q]);

  const listQuery = writeLibraryQuery({ q: query.q, scope: query.scope, tag: query.tag });
  const itemHref = (id: string, node?: string) =>
    writeLibraryQuery({ q: query.q, scope: query.scope, tag: query.tag, item: id, node });

  if (query.item) {
    return (
      <Stack gap="md">
        <Anchor component={Link} to={listQuery || '?'} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {query.q.trim() ? t('explore.back', { q: query.q.trim() }) : t('explore.all', { kind })}
          </Group>
        </Anchor>
        {kind === 'frameworks' ? (
          <FrameworkPreview
            key={query.item}
            id={query.item}
            node={query.node}
            playbookHref={(id) => `${hrefFor('playbooks')}${writeLibraryQuery({ item: id })}`}
            action={frameworkAction}
          />
        ) : kind === 'playbooks' ? (
          <PlaybookView id={query.item} />
        ) : (
          <ArticleView id={query.item} />
        )}
      </Stack>
    );
  }

  const setScope = (scope: ContentScope | null) =>
    setParams(writeLibraryQuery({ ...query, scope, item: null, node: null }), { replace: true });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('explore.search.label', { kind })}
          placeholder={t('explore.search.placeholder', { kind })}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 260px"
          maxLength={200}
        />
        <TextInput
          label={t('explore.tag.label')}
          placeholder={t('explore.tag.placeholder')}
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value)}
          flex="0 1 140px"
          miw={120}
        />
        <div>
          <Text size="sm" fw={500} id={scopeLabel} mb={4}>
            {t('explore.scope.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={scopeLabel}
            value={query.scope ?? 'all'}
            onChange={(v) => setScope(v === 'all' ? null : (v as ContentScope))}
            data={[
              { value: 'all', label: t('explore.scope.all') },
              { value: 'global', label: t('explore.scope.global') },
              { value: 'private', label: t('explore.scope.private') },
            ]}
          />
        </div>
      </Group>
      <Results
        kind={kind}
        query={query}
        itemHref={itemHref}
        frameworkAction={frameworkAction}
        onClear={() => {
          setSearch('');
          setTag('');
          setParams('', { replace: true });
        }}
      />
    </Stack>
  );
}
