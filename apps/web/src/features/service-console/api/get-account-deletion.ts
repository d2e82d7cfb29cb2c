import { AccountDeletionSchema } from '@tenantry/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountLifecyclePath } from './list-account-exports.ts';
import { serviceKeys } from './service-keys.ts';

/** GET /api/v1/service/accounts/{accountId}/deletion: scheduled or not, and whether it may be. */
export function useAccountDeletion(accountId: string) {
  return useQuery({
    queryKey: serviceKeys.accountDeletion(accountId),
    queryFn: ({ signal }) =>
      apiFetch(`${accountLifecyclePath(accountId)}/deletion`, {
        schema: AccountDeletionSchema,
        signal,
      }),
    staleTime: 0,
  });
}
