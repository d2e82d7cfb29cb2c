import { AuditPageSchema } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { auditKeys } from './audit-keys.ts';

export const AUDIT_PAGE_SIZE = 25;

export const auditQueryOptions = infiniteQueryOptions({
  queryKey: auditKeys.list(),
  queryFn: ({ pageParam, signal }) => {
    const qs = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
    if (pageParam) qs.set('cursor', pageParam);
    return apiFetch(`/api/v1/audit?${qs.toString()}`, { schema: AuditPageSchema, signal });
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
});

/** GET /api/v1/audit, newest first, one keyset page at a time ("Load more"). */
export function useAuditLog() {
  return useInfiniteQuery(auditQueryOptions);
}
