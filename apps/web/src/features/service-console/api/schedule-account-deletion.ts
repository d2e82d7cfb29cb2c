import { AccountDeletionSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountLifecyclePath } from './list-account-exports.ts';
import { serviceKeys } from './service-keys.ts';

/** POST /api/v1/service/accounts/{accountId}/deletion `{ reason }` */
export function useScheduleAccountDeletion(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch(`${accountLifecyclePath(accountId)}/deletion`, {
        method: 'POST',
        body: { reason },
        schema: AccountDeletionSchema,
      }),
    onSuccess: (deletion) => qc.setQueryData(serviceKeys.accountDeletion(accountId), deletion),
    // The account's page shows its suspension too.
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
