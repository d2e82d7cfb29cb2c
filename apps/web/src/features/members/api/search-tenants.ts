import { TenantPageSchema } from '@tenantry/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** How many tenants the access picker offers per search (the rest are found by typing). */
const PICKER_LIMIT = 50;

/**
 * GET /api/v1/tenants?q=…: client tenants to choose for a member's access (archived ones too),
 * by name or tag, A→Z.
 */
export function useTenantChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.tenantChoices(q),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        status: 'all',
        sort: 'name',
        limit: String(PICKER_LIMIT),
      });
      if (q) search.set('q', q);
      return apiFetch(`/api/v1/tenants?${search.toString()}`, { schema: TenantPageSchema, signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
