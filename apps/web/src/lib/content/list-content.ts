import {
  ArticleListSchema,
  FrameworkListSchema,
  LibraryFrameworkListSchema,
  PlaybookListSchema,
  type ArticleList,
  type FrameworkList,
  type LibraryFrameworkList,
  type PlaybookList,
} from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '#web/lib/api.ts';
import { listParams, nextOffset, type ContentFilters } from './content-query.ts';
import type { ContentKind } from './content-kinds.ts';
import { contentKeys } from './content-keys.ts';

/**
 * Where a list comes from: what I may author, drafts included (GET /content/{kind}), or the
 * published library I may read (GET /library/{kind}, best matches first).
 */
export type ListSource = 'authoring' | 'library';

interface ListOf {
  authoring: { frameworks: FrameworkList; playbooks: PlaybookList; articles: ArticleList };
  library: { frameworks: LibraryFrameworkList; playbooks: PlaybookList; articles: ArticleList };
}

const SCHEMAS: { [S in ListSource]: { [K in ContentKind]: z.ZodType<ListOf[S][K]> } } = {
  authoring: {
    frameworks: FrameworkListSchema,
    playbooks: PlaybookListSchema,
    articles: ArticleListSchema,
  },
  library: {
    frameworks: LibraryFrameworkListSchema,
    playbooks: PlaybookListSchema,
    articles: ArticleListSchema,
  },
};

const SOURCES: Record<ListSource, { path: string; pageSize: number }> = {
  authoring: { path: '/api/v1/content', pageSize: 50 },
  library: { path: '/api/v1/library', pageSize: 30 },
};

/** One page of a content list: `?limit&offset&q&scope&tag`. */
export function fetchContentPage<S extends ListSource, K extends ContentKind>(
  source: S,
  kind: K,
  filters: ContentFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<ListOf[S][K]> {
  const { path, pageSize } = SOURCES[source];
  return apiFetch(`${path}/${kind}?${listParams(filters, offset, pageSize)}`, {
    schema: SCHEMAS[source][kind],
    signal,
  }) as Promise<ListOf[S][K]>;
}

export const contentListQueryOptions = <S extends ListSource, K extends ContentKind>(
  source: S,
  kind: K,
  filters: ContentFilters,
) =>
  infiniteQueryOptions({
    queryKey:
      source === 'authoring'
        ? contentKeys.list(kind, filters)
        : contentKeys.library.list(kind, filters),
    queryFn: ({ pageParam, signal }) => fetchContentPage(source, kind, filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListOf[S][K], pages: ListOf[S][K][]) => nextOffset(last, pages),
  });

/** A content list, page by page ("Load more"); the last answer stays while filters change. */
export function useContentList<S extends ListSource, K extends ContentKind>(
  source: S,
  kind: K,
  filters: ContentFilters,
) {
  return useInfiniteQuery({
    ...contentListQueryOptions(source, kind, filters),
    placeholderData: (prev) => prev,
  });
}
