import {
  ArticleListSchema,
  LibraryFrameworkListSchema,
  PlaybookListSchema,
  type ArticleList,
  type LibraryFrameworkList,
  type PlaybookList,
} from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '#web/lib/api.ts';
import { listParams } from '../../lib/library/library-query.ts';
import { libraryKeys, type LibraryFilters, type LibraryKind } from './library-keys.ts';

const PAGE = 30;

interface ListOf {
  frameworks: LibraryFrameworkList;
  playbooks: PlaybookList;
  articles: ArticleList;
}

const SCHEMAS: { [K in LibraryKind]: z.ZodType<ListOf[K]> } = {
  frameworks: LibraryFrameworkListSchema,
  playbooks: PlaybookListSchema,
  articles: ArticleListSchema,
};

/** GET /api/v1/library/{kind}?q&scope&tag: published items, best matches first, one page. */
export function fetchLibraryPage<K extends LibraryKind>(
  kind: K,
  filters: LibraryFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<ListOf[K]> {
  return apiFetch(`/api/v1/library/${kind}?${listParams(filters, offset, PAGE)}`, {
    schema: SCHEMAS[kind],
    signal,
  }) as Promise<ListOf[K]>;
}

export const libraryListQueryOptions = <K extends LibraryKind>(kind: K, filters: LibraryFilters) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.list(kind, filters),
    queryFn: ({ pageParam, signal }) => fetchLibraryPage(kind, filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListOf[K], pages: ListOf[K][]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });

export function useLibraryList<K extends LibraryKind>(kind: K, filters: LibraryFilters) {
  return useInfiniteQuery({
    ...libraryListQueryOptions(kind, filters),
    placeholderData: (prev) => prev,
  });
}
