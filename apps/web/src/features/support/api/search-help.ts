import { SupportHelpListSchema } from '@tenantry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** GET /api/v1/support/help?q=: published articles that may answer the question. */
export const helpQueryOptions = (q: string) =>
  queryOptions({
    queryKey: supportKeys.help(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/support/help?q=${encodeURIComponent(q)}`, {
        schema: SupportHelpListSchema,
        signal,
      }),
    staleTime: 60_000,
  });

/** Asked only once `q` has a word worth searching (three letters). */
export const useHelpArticles = (q: string) =>
  useQuery({
    ...helpQueryOptions(q),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
