import { AccountSchema, type UpdateAccountInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountKeys } from './account-keys.ts';

/** PATCH /api/v1/account (rename). */
export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) =>
      apiFetch('/api/v1/account', { method: 'PATCH', body: input, schema: AccountSchema }),
    onSuccess: (account) => qc.setQueryData(accountKeys.current(), account),
  });
}
