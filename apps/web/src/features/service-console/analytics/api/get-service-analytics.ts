import {
  AnalyticsRefreshSchema,
  ServiceAnalyticsSchema,
  type ServiceAnalyticsQuery,
} from '@tenantry/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** Query keys of the analytics tab. */
export const analyticsKeys = {
  all: ['service', 'analytics'] as const,
  range: (q: ServiceAnalyticsQuery) => [...analyticsKeys.all, q.from, q.to] as const,
};

/** GET /api/v1/service/analytics: every figure of the tab for one range of days. */
export function useServiceAnalytics(q: ServiceAnalyticsQuery) {
  return useQuery({
    queryKey: analyticsKeys.range(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/service/analytics?${new URLSearchParams(q).toString()}`, {
        schema: ServiceAnalyticsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/service/analytics/refresh: rolls up now, then every range is read again. */
export function useRefreshAnalytics() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/service/analytics/refresh', {
        method: 'POST',
        schema: AnalyticsRefreshSchema,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

/** The CSV of a range (a plain link: the browser downloads it). */
export const analyticsCsvHref = (q: ServiceAnalyticsQuery) =>
  `/api/v1/service/analytics/export?${new URLSearchParams(q).toString()}`;
