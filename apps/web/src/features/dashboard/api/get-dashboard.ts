import { DashboardSchema, type Dashboard } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /api/v1/dashboard (any member of the account; 401 without a session). */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch('/api/v1/dashboard', { schema: DashboardSchema, signal });
}

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.current(),
  queryFn: ({ signal }) => fetchDashboard(signal),
});

/**
 * The account's dashboard. Its figures follow what other screens change (tenants, assessments,
 * answers), none of which invalidates it: read again whenever the home screen is opened.
 */
export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions, refetchOnMount: 'always' });
}
