import { ShareSchema, type Share, type ShareRole } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { shareKeys } from './share-keys.ts';

export interface ChangeShareRoleInput {
  id: string;
  role: ShareRole;
}

/** PATCH /api/v1/shares/{id} */
export function changeShareRole({ id, role }: ChangeShareRoleInput): Promise<Share> {
  return apiFetch(`/api/v1/shares/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { role },
    schema: ShareSchema,
  });
}

export function useChangeShareRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeShareRole,
    onSettled: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
