import { Button, Group, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert.tsx';
import { t } from './messages.ts';

/** What PagedList reads of a paged query (TanStack's useInfiniteQuery result has it all). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

export interface PagedListProps {
  query: PagedQuery;
  /** How many items are loaded. */
  count: number;
  /** What is listed, in the plural: "Loading …", "The … could not be loaded", "No … match." */
  noun: string;
  /** With the total, "12 of 40" stands beside "Load more". */
  total?: number;
  /** Skeleton rows while the first page loads. */
  skeletons?: number;
  /** Instead of the skeleton rows. */
  loading?: ReactNode;
  /** Instead of "No … match." when nothing is loaded. */
  empty?: ReactNode;
  /** Between the items and "Load more" (the page's own spacing). */
  gap?: MantineSpacing;
  /** The loaded items. */
  children: ReactNode;
}

/**
 * The states of a list loaded page by page, one way everywhere: skeleton rows while the first
 * page loads, an error with "Try again" when it fails, "No … match." when nothing is left,
 * else the items, "Load more", and why the last "Load more" failed.
 */
export function PagedList({
  query,
  count,
  noun,
  total,
  skeletons = 5,
  loading,
  empty,
  gap = 'md',
  children,
}: PagedListProps) {
  if (query.isPending) {
    return (
      loading ?? (
        <Stack gap="xs" aria-label={t('pagedList.loading', { noun })} aria-busy>
          {Array.from({ length: skeletons }, (_, i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      )
    );
  }
  if (query.isError && count === 0) {
    return (
      <ErrorAlert title={t('pagedList.loadFailed', { noun })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error?.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('pagedList.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  if (count === 0) {
    return (
      empty ?? (
        <Text c="dimmed" role="status">
          {t('pagedList.empty', { noun })}
        </Text>
      )
    );
  }
  const loadMore = query.hasNextPage ? (
    <Button
      variant="default"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
    >
      {t('pagedList.loadMore')}
    </Button>
  ) : null;
  return (
    <Stack gap={gap}>
      {children}
      {total !== undefined ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('pagedList.count', { count, total })}
          </Text>
          {loadMore}
        </Group>
      ) : loadMore ? (
        <Group justify="center">{loadMore}</Group>
      ) : null}
      {query.isError ? (
        <Text size="sm" c="red" role="alert">
          {query.error?.message}
        </Text>
      ) : null}
    </Stack>
  );
}
