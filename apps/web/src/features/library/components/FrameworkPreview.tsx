import {
  type ContentScope,
  countQuestions,
  type LibraryFrameworkDetail,
  type LinkedPlaybook,
  type Question,
  type Section,
} from '@tenantry/shared';
import { questionTypeLabel } from '#web/lib/labels.ts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  List,
  Paper,
  Select,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AcrossClientsLink } from '#web/components/AcrossClientsLink.tsx';
import { PriorityBadge, ScopeBadge, Tags } from '#web/components/ContentBadges.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useLibraryFramework } from '../api/get-library-item.ts';
import { pathToNode, scoringLines, sectionQuestionCount } from '../lib/framework-tree.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

interface TreeContext {
  frameworkId: string;
  playbooks: Map<string, LinkedPlaybook>;
  playbookHref: (id: string) => string;
  expanded: ReadonlySet<string>;
  toggle: (key: string) => void;
  target: string | null;
}

/** A section's or question's description, then its guidance in a shaded box. */
function NodeTexts({ node }: { node: Pick<Section, 'description' | 'guidance'> }) {
  return (
    <>
      {node.description ? <Markdown size="sm">{node.description}</Markdown> : null}
      {node.guidance ? (
        <Box
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
            {t('preview.guidance')}
          </Text>
          <Markdown size="sm">{node.guidance}</Markdown>
        </Box>
      ) : null}
    </>
  );
}

function QuestionCard({ q, ctx }: { q: Question; ctx: TreeContext }) {
  const lines = scoringLines(q);
  const linked = q.playbooks.map((key) => ctx.playbooks.get(key)).filter((p) => p !== undefined);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      id={`node-${q.key}`}
      component="li"
      style={
        ctx.target === q.key
          ? { outline: '2px solid var(--mantine-primary-color-filled)', scrollMarginTop: 80 }
          : { scrollMarginTop: 80 }
      }
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code style={{ flexShrink: 0 }}>{q.key}</Code>
          <Text fw={500} size="sm" style={wrap}>
            {q.title}
          </Text>
        </Group>
        <Group gap={4}>
          <Badge variant="light" size="sm" tt="none">
            {questionTypeLabel(q.type)}
          </Badge>
          {q.weight !== 1 ? (
            <Badge variant="outline" color="gray" size="sm" tt="none">
              {t('preview.weight', { weight: q.weight })}
            </Badge>
          ) : null}
          {q.naAllowed ? (
            <Badge variant="outline" color="gray" size="sm" tt="none">
              {t('preview.naAllowed')}
            </Badge>
          ) : null}
        </Group>
        <NodeTexts node={q} />
        <AcrossClientsLink frameworkId={ctx.frameworkId} questionKey={q.key} />
        {lines.length ? (
          <div>
            <Text size="xs" fw={600} c="dimmed">
              {q.type === 'maturity'
                ? t('preview.levels')
                : q.type === 'number'
                  ? t('preview.bands')
                  : t('preview.answers')}
            </Text>
            <List size="sm" spacing={2}>
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {linked.length ? (
          <div>
            <Text size="xs" fw={600} c="dimmed">
              {t('preview.playbooks')}
            </Text>
            <Stack gap={2}>
              {linked.map((p) => (
                <Group key={p.id} gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={ctx.playbookHref(p.id)} size="sm" style={wrap}>
                    {p.title}
                  </Anchor>
                  <PriorityBadge priority={p.priority} />
                </Group>
              ))}
            </Stack>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

function SectionNode({
  section,
  depth,
  ctx,
}: {
  section: Section;
  depth: number;
  ctx: TreeContext;
}) {
  const open = ctx.expanded.has(section.key);
  const count = sectionQuestionCount(section);
  const bodyId = `section-body-${section.key}`;
  return (
    <Box
      component="li"
      id={`node-${section.key}`}
      style={{
        borderLeft: depth > 0 ? '2px solid var(--mantine-color-default-border)' : undefined,
        paddingLeft: depth > 0 ? 12 : 0,
        scrollMarginTop: 80,
      }}
    >
      <UnstyledButton
        onClick={() => ctx.toggle(section.key)}
        aria-expanded={open}
        aria-controls={bodyId}
        w="100%"
        py={6}
        style={
          ctx.target === section.key
            ? { outline: '2px solid var(--mantine-primary-color-filled)', borderRadius: 4 }
            : undefined
        }
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {open ? (
            <IconChevronDown size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          ) : (
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          )}
          <Code style={{ flexShrink: 0 }}>{section.key}</Code>
          <Text fw={600} size="sm" style={{ ...wrap, flex: 1 }}>
            {section.title}
          </Text>
          <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
            {t('preview.section.questions', { count })}
          </Badge>
        </Group>
      </UnstyledButton>
      {open ? (
        <Stack gap="sm" id={bodyId} pb="sm" pl={{ base: 0, sm: 26 }}>
          <NodeTexts node={section} />
          {section.questions.length ? (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {section.questions.map((q) => (
                <QuestionCard key={q.key} q={q} ctx={ctx} />
              ))}
            </Stack>
          ) : null}
          {section.sections.length ? (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {section.sections.map((s) => (
                <SectionNode key={s.key} section={s} depth={depth + 1} ctx={ctx} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

function allSectionKeys(sections: Section[], into: string[] = []): string[] {
  for (const s of sections) {
    into.push(s.key);
    allSectionKeys(s.sections, into);
  }
  return into;
}

function FrameworkBody({
  framework,
  node,
  playbookHref,
}: {
  framework: LibraryFrameworkDetail;
  node: string | null;
  playbookHref: (id: string) => string;
}) {
  const doc = framework.document;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(node ? (pathToNode(doc.sections, node) ?? []) : []),
  );
  const playbooks = useMemo(
    () => new Map(framework.playbooks.map((p) => [p.key, p])),
    [framework.playbooks],
  );

  useEffect(() => {
    if (!node) return;
    document.getElementById(`node-${node}`)?.scrollIntoView({ block: 'start' });
  }, [node]);

  const ctx: TreeContext = {
    frameworkId: framework.frameworkId,
    playbooks,
    playbookHref,
    expanded,
    target: node,
    toggle: (key) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
  };
  const all = allSectionKeys(doc.sections);
  return (
    <Stack gap="md">
      {doc.description ? (
        // A long introduction folds, so the sections stay within reach.
        <Spoiler
          maxHeight={220}
          showLabel={t('preview.readMore')}
          hideLabel={t('preview.showLess')}
        >
          <Markdown>{doc.description}</Markdown>
        </Spoiler>
      ) : null}
      {doc.source.publisher || doc.source.url || doc.source.license ? (
        <Text size="sm" c="dimmed" style={wrap}>
          {doc.source.publisher
            ? t('preview.sourceBy', { publisher: doc.source.publisher })
            : t('preview.source')}
          {doc.source.license ? ` · ${doc.source.license}` : ''}
          {/^https?:\/\//i.test(doc.source.url) ? (
            <>
              {' · '}
              <Anchor href={doc.source.url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('preview.publisherPage')} <IconExternalLink size={12} aria-hidden />
              </Anchor>
            </>
          ) : null}
        </Text>
      ) : null}
      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={3} size="h4">
            {t('preview.sections')}
          </Title>
          {all.length ? (
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => setExpanded(new Set(all))}>
                {t('preview.expandAll')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setExpanded(new Set())}>
                {t('preview.collapseAll')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {doc.sections.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('preview.noSections')}
          </Text>
        ) : (
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {doc.sections.map((s) => (
              <SectionNode key={s.key} section={s} depth={0} ctx={ctx} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

export interface FrameworkPreviewProps {
  id: string;
  /** A section or question key to open and show (a search match). */
  node: string | null;
  playbookHref: (id: string) => string;
  /** An action on the framework in view (explore for a client tenant: start an assessment). */
  action?:
    | ((framework: {
        id: string;
        name: string;
        latestVersion: number | null;
        version: number;
        scope: ContentScope;
      }) => ReactNode)
    | undefined;
}

/** A published framework, read-only: versions, sections with question counts, every question. */
export function FrameworkPreview({ id, node, playbookHref, action }: FrameworkPreviewProps) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const framework = useLibraryFramework(id, version);

  if (framework.isPending) {
    return (
      <Stack gap="sm" aria-label={t('preview.loading')} aria-busy>
        <Skeleton height={32} width="50%" />
        <Skeleton height={16} width="80%" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  }
  if (framework.isError) {
    const missing = framework.error instanceof ApiError && framework.error.status === 404;
    return (
      <ErrorAlert title={missing ? t('preview.notFound') : t('preview.loadFailed')}>
        {missing ? t('preview.notFoundBody') : framework.error.message}
      </ErrorAlert>
    );
  }
  const f = framework.data;
  const shown = f.versions.find((v) => v.version === f.version);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3" style={wrap}>
          {f.name}
        </Title>
        <Group gap={6} mt={6}>
          <ScopeBadge scope={f.scope} forReaders />
          <Badge variant="light" size="sm" tt="none">
            {t('preview.version', { version: f.version })}
          </Badge>
          <Badge variant="light" color="gray" size="sm" tt="none">
            {t('preview.questions', { count: countQuestions(f.document) })}
          </Badge>
          <Text size="xs" c="dimmed">
            {rich(
              t,
              f.publishedBy ? 'preview.publishedBy' : 'preview.published',
              { name: f.publishedBy ?? '' },
              { date: <time dateTime={f.publishedAt}>{formatDate(f.publishedAt)}</time> },
            )}
          </Text>
        </Group>
        {f.document.summary ? (
          <Text mt="xs" style={wrap}>
            {f.document.summary}
          </Text>
        ) : null}
        <Box mt="xs">
          <Tags tags={f.document.tags} />
        </Box>
        {action ? (
          <Group gap="xs" mt="sm">
            {action({
              id: f.frameworkId,
              name: f.name,
              latestVersion: Math.max(...f.versions.map((v) => v.version), f.version),
              version: f.version,
              scope: f.scope,
            })}
          </Group>
        ) : null}
      </div>
      {f.versions.length > 1 ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('preview.versions.label')}
            data={f.versions.map((v) => ({
              value: String(v.version),
              label: t('preview.versions.option', {
                version: v.version,
                date: formatDate(v.publishedAt),
              }),
            }))}
            value={String(f.version)}
            onChange={(v) => setVersion(v ? Number(v) : undefined)}
            allowDeselect={false}
            w={260}
          />
          {shown?.releaseNotes ? (
            <Text size="sm" c="dimmed" style={{ ...wrap, flex: '1 1 240px' }}>
              {shown.releaseNotes}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <FrameworkBody key={f.version} framework={f} node={node} playbookHref={playbookHref} />
    </Stack>
  );
}
