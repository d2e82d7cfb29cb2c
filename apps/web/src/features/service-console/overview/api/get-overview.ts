import { ServiceOverviewSchema, type ServiceOverview } from '@tenantry/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

export const overviewKeys = {
  all: ['service', 'overview'] as const,
  period: (days: number) => [...overviewKeys.all, days] as const,
};

/** GET /api/v1/service/overview?days= */
export function useServiceOverview(days: number) {
  return useQuery({
    queryKey: overviewKeys.period(days),
    queryFn: ({ signal }): Promise<ServiceOverview> =>
      apiFetch(`/api/v1/service/overview?days=${days}`, { schema: ServiceOverviewSchema, signal }),
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });
}
