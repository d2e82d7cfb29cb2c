import type { ScreenPrefetch } from '#web/app/route-handle.ts';
import { tenantListQueryOptions } from '#web/features/tenants/api/list-tenants.ts';
import { DEFAULT_CONTROLS, toListQuery } from '#web/features/tenants/lib/list-query.ts';

/**
 * The list's first page as TenantList first asks it, started at boot (app/prefetch.ts). A module
 * of its own, not the screen's: the request need not wait for the screen's chunk.
 */
export const prefetch: ScreenPrefetch = (queryClient) =>
  queryClient.prefetchInfiniteQuery(tenantListQueryOptions(toListQuery(DEFAULT_CONTROLS)));
