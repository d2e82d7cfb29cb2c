import { AccountDeletionSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountLifecyclePath } from './list-account-exports.ts';
import { serviceKeys } from './service-keys.ts';

/** DELETE /api/v1/service/accounts/{accountId}/deletion */
export function useCancelAccountDeletion(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${accountLifecyclePath(accountId)}/deletion`, {
        method: 'DELETE',
        schema: AccountDeletionSchema,
      }),
    onSuccess: (deletion) => qc.setQueryData(serviceKeys.accountDeletion(accountId), deletion),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
