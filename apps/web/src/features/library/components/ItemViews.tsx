import { stepEffortLabel } from '#web/lib/labels.ts';
import {
  Badge,
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PriorityBadge, ScopeBadge, Tags } from '#web/components/ContentBadges.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useLibraryItem } from '../api/get-library-item.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-label={label} aria-busy>
      <Skeleton height={32} width="50%" />
      <Skeleton height={16} width="80%" />
      <Skeleton height={160} />
    </Stack>
  );
}

/** What a view says while its item loads or when it cannot. */
interface LoadTexts {
  loading: string;
  notFound: string;
  loadFailed: string;
}

function LoadError({ texts, error }: { texts: LoadTexts; error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <ErrorAlert title={missing ? texts.notFound : texts.loadFailed}>
      {missing ? t('item.notFoundBody') : error.message}
    </ErrorAlert>
  );
}

function Loaded<T>({
  query,
  texts,
  children,
}: {
  query: UseQueryResult<T>;
  texts: LoadTexts;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={texts.loading} />;
  if (query.isError) return <LoadError texts={texts} error={query.error} />;
  return <>{children(query.data)}</>;
}

/** A published playbook, read-only: its steps in order with effort, owner and instructions. */
export function PlaybookView({ id }: { id: string }) {
  return (
    <Loaded
      query={useLibraryItem('playbooks', id)}
      texts={{
        loading: t('playbook.loading'),
        notFound: t('playbook.notFound'),
        loadFailed: t('playbook.loadFailed'),
      }}
    >
      {(p) => (
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" style={wrap}>
              {p.title}
            </Title>
            <Group gap={6} mt={6}>
              <ScopeBadge scope={p.scope} forReaders />
              <PriorityBadge priority={p.priority} />
              <Text size="xs" c="dimmed">
                {p.publishedAt
                  ? rich(
                      t,
                      'playbook.stepsPublished',
                      { count: p.steps.length },
                      { date: <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time> },
                    )
                  : t('playbook.steps', { count: p.steps.length })}
              </Text>
            </Group>
            {p.summary ? (
              <Text mt="xs" style={wrap}>
                {p.summary}
              </Text>
            ) : null}
            <Box mt="xs">
              <Tags tags={p.tags} />
            </Box>
          </div>
          {p.steps.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('playbook.noSteps')}
            </Text>
          ) : (
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {p.steps.map((s, i) => (
                <Paper key={i} withBorder p="sm" radius="md" component="li">
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge circle size="lg" variant="light" style={{ flexShrink: 0 }} aria-hidden>
                      {i + 1}
                    </Badge>
                    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                      <Title order={3} size="h5" style={wrap}>
                        <VisuallyHidden>{t('playbook.step', { number: i + 1 })}</VisuallyHidden>
                        {s.title}
                      </Title>
                      <Group gap={4}>
                        <Badge variant="outline" color="gray" size="sm" tt="none">
                          {t('playbook.effort', { effort: stepEffortLabel(s.effort) })}
                        </Badge>
                        {s.ownerRole ? (
                          <Badge variant="outline" color="gray" size="sm" tt="none">
                            {t('playbook.owner', { role: s.ownerRole })}
                          </Badge>
                        ) : null}
                      </Group>
                      {s.body ? <Markdown size="sm">{s.body}</Markdown> : null}
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Loaded>
  );
}

/** A published article, read-only. */
export function ArticleView({ id }: { id: string }) {
  return (
    <Loaded
      query={useLibraryItem('articles', id)}
      texts={{
        loading: t('article.loading'),
        notFound: t('article.notFound'),
        loadFailed: t('article.loadFailed'),
      }}
    >
      {(a) => (
        <Stack gap="md" maw={760}>
          <div>
            <Title order={2} size="h2" style={wrap}>
              {a.title}
            </Title>
            <Group gap={6} mt={6}>
              <ScopeBadge scope={a.scope} forReaders />
              {a.publishedAt ? (
                <Text size="xs" c="dimmed">
                  {rich(
                    t,
                    'article.published',
                    {},
                    { date: <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time> },
                  )}
                </Text>
              ) : null}
            </Group>
            {a.summary ? (
              <Text mt="xs" size="lg" c="dimmed" style={wrap}>
                {a.summary}
              </Text>
            ) : null}
            <Box mt="xs">
              <Tags tags={a.tags} />
            </Box>
          </div>
          {a.body.trim() ? (
            <Markdown>{a.body}</Markdown>
          ) : (
            <Text c="dimmed">{t('article.empty')}</Text>
          )}
        </Stack>
      )}
    </Loaded>
  );
}
