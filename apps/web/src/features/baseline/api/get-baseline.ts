import { BaselineComparisonSchema, type BaselineComparison } from '@tenantry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { baselineKeys } from './baseline-keys.ts';

/** The path of a client tenant's baseline. */
export const baselinePath = (tenantId: string) =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/baseline`;

/** GET /api/v1/tenants/{tenantId}/baseline[?compare={assessmentId}] */
export function fetchBaseline(
  tenantId: string,
  compare: string | undefined,
  signal?: AbortSignal,
): Promise<BaselineComparison> {
  const query = compare ? `?${new URLSearchParams({ compare })}` : '';
  return apiFetch(`${baselinePath(tenantId)}${query}`, {
    schema: BaselineComparisonSchema,
    signal,
  });
}

export const baselineQueryOptions = (tenantId: string, compare: string | undefined) =>
  queryOptions({
    queryKey: baselineKeys.comparison(tenantId, compare),
    queryFn: ({ signal }) => fetchBaseline(tenantId, compare, signal),
  });

/**
 * The tenant's baseline and the comparison of `compare` (default: the latest assessment of its
 * framework) with it. While another comparison loads, the one before stays on screen.
 */
export function useBaseline(tenantId: string, compare: string | undefined) {
  return useQuery({
    ...baselineQueryOptions(tenantId, compare),
    // The comparison follows every assessment of the tenant (answers, completions, deletions),
    // changed by other screens: read again whenever the tab is opened.
    refetchOnMount: 'always',
    placeholderData: (prev, prevQuery) =>
      prevQuery?.queryKey[2] === tenantId ? keepPreviousData(prev) : undefined,
  });
}
