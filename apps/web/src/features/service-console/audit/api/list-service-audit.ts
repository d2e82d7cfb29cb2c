import { ServiceAuditPageSchema, type ServiceAuditPage } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { apiQuery, type AuditFilters } from '../lib/audit-view.ts';
import { serviceAuditKeys } from './audit-keys.ts';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/v1/service/audit: one keyset page of the system-wide log. */
export function fetchServiceAuditPage(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ServiceAuditPage> {
  const qs = apiQuery(filters);
  qs.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/audit?${qs.toString()}`, {
    schema: ServiceAuditPageSchema,
    signal,
  });
}

export const serviceAuditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: serviceAuditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchServiceAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** The system-wide audit log, page after page ("Load more"). */
export function useServiceAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    ...serviceAuditQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
