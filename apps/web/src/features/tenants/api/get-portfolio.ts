import {
  PortfolioPageSchema,
  type PortfolioPage,
  type PortfolioQueryInput,
} from '@tenantry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { portfolioSearch } from '../lib/portfolio-view.ts';
import { tenantKeys } from './tenant-keys.ts';

/** GET /api/v1/tenants/portfolio: one page of the client tenants' posture. */
export function fetchPortfolio(
  query: PortfolioQueryInput,
  signal?: AbortSignal,
): Promise<PortfolioPage> {
  return apiFetch(`/api/v1/tenants/portfolio?${portfolioSearch(query)}`, {
    schema: PortfolioPageSchema,
    signal,
  });
}

export const portfolioQueryOptions = (query: PortfolioQueryInput) =>
  queryOptions({
    queryKey: tenantKeys.portfolio(query),
    queryFn: ({ signal }) => fetchPortfolio(query, signal),
  });

/** The portfolio page of a view (the previous page stays on screen while the next loads). */
export function usePortfolio(query: PortfolioQueryInput) {
  return useQuery({ ...portfolioQueryOptions(query), placeholderData: keepPreviousData });
}
