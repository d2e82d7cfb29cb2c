import { AccountExportSchema, type AccountExportList } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountLifecyclePath } from './list-account-exports.ts';
import { serviceKeys } from './service-keys.ts';

/**
 * POST /api/v1/service/accounts/{accountId}/exports: a new export (202), or the one already on
 * its way (200). It is put at the top of the list, which then polls it.
 */
export function useRequestAccountExport(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${accountLifecyclePath(accountId)}/exports`, {
        method: 'POST',
        schema: AccountExportSchema,
      }),
    onSuccess: (created) => {
      qc.setQueryData<AccountExportList>(serviceKeys.accountExports(accountId), (prev) => ({
        items: [created, ...(prev?.items ?? []).filter((e) => e.id !== created.id)],
      }));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.accountLifecycle(accountId) }),
  });
}
