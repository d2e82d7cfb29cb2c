import type { LibraryQuery } from '../../lib/library/library-query.ts';

export type LibraryKind = 'frameworks' | 'playbooks' | 'articles';
export type LibraryFilters = Pick<LibraryQuery, 'q' | 'scope' | 'tag'>;

/** Query keys of the library (published content only). */
export const libraryKeys = {
  all: ['library'] as const,
  lists: (kind: LibraryKind) => [...libraryKeys.all, kind, 'list'] as const,
  list: (kind: LibraryKind, filters: LibraryFilters) =>
    [...libraryKeys.lists(kind), filters] as const,
  detail: (kind: LibraryKind, id: string, version?: number) =>
    [...libraryKeys.all, kind, 'detail', id, version ?? 'latest'] as const,
};
