import { EvidenceListSchema, type EvidenceList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { evidenceKeys, evidencePath, type EvidenceStateFilter } from './evidence-keys.ts';

/** GET /tenants/{tenantId}/evidence?q=&state=&cursor=: one page of the library. */
export function fetchEvidencePage(
  tenantId: string,
  q: string,
  state: EvidenceStateFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<EvidenceList> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (state !== 'all') params.set('state', state);
  if (cursor) params.set('cursor', cursor);
  const query = params.size ? `?${params}` : '';
  return apiFetch(evidencePath(tenantId, query), { schema: EvidenceListSchema, signal });
}

export const evidenceListQueryOptions = (tenantId: string, q: string, state: EvidenceStateFilter) =>
  infiniteQueryOptions({
    queryKey: evidenceKeys.list(tenantId, q, state),
    queryFn: ({ pageParam, signal }) => fetchEvidencePage(tenantId, q, state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A client tenant's evidence library, page after page ("Load more"). */
export function useEvidenceList(tenantId: string, q: string, state: EvidenceStateFilter) {
  return useInfiniteQuery({
    ...evidenceListQueryOptions(tenantId, q, state),
    placeholderData: (prev) => prev,
  });
}
