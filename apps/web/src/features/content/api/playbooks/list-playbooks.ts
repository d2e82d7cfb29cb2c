import { PlaybookListSchema, type PlaybookList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { playbookKeys, type PlaybookListFilters } from './playbook-keys.ts';

const PAGE = 50;

/** GET /api/v1/content/playbooks: the playbooks I may author (drafts included), one page. */
export function fetchPlaybookPage(
  filters: PlaybookListFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<PlaybookList> {
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.tag.trim()) params.set('tag', filters.tag.trim().toLowerCase());
  return apiFetch(`/api/v1/content/playbooks?${params}`, { schema: PlaybookListSchema, signal });
}

export const playbookListQueryOptions = (filters: PlaybookListFilters) =>
  infiniteQueryOptions({
    queryKey: playbookKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchPlaybookPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });

export function usePlaybookList(filters: PlaybookListFilters) {
  return useInfiniteQuery({
    ...playbookListQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
