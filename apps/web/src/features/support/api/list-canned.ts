import { CannedReplyListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** GET /api/v1/service/support/canned: the canned replies. */
export const cannedQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.canned(),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/service/support/canned', { schema: CannedReplyListSchema, signal }),
  });

export const useCannedReplies = () => useQuery(cannedQueryOptions());
