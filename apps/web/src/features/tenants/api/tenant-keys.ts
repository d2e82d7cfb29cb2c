import type { PortfolioQueryInput, TenantListQueryInput } from '@tenantry/shared';

/** Query keys of the client-tenant feature (one place, so mutations invalidate the right ones). */
export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  list: (query: Omit<TenantListQueryInput, 'cursor'>) => [...tenantKeys.lists(), query] as const,
  /** Whether the account has any client tenant, archived ones included. */
  any: () => [...tenantKeys.lists(), 'any'] as const,
  /** Under lists: a tenant change refreshes the portfolio too. */
  portfolio: (query: PortfolioQueryInput) => [...tenantKeys.lists(), 'portfolio', query] as const,
  detail: (id: string) => [...tenantKeys.all, 'detail', id] as const,
};
