import {
  ServiceAccountDetailSchema,
  StaffNoteSchema,
  type ServiceAccountDetail,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from '../../api/service-keys.ts';
import { accountKeys } from './account-keys.ts';

export const serviceAccountPath = (accountId: string) =>
  `/api/v1/service/accounts/${encodeURIComponent(accountId)}`;

/** GET /api/v1/service/accounts/{accountId}: the account's page. */
export function useServiceAccount(accountId: string) {
  return useQuery({
    queryKey: accountKeys.detail(accountId),
    queryFn: ({ signal }) =>
      apiFetch(serviceAccountPath(accountId), { schema: ServiceAccountDetailSchema, signal }),
    staleTime: 0,
  });
}

/** An action answering with the account now: the page shows it; the lists ask again. */
function useAccountAction<V>(accountId: string, request: (v: V) => Promise<ServiceAccountDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (account) => qc.setQueryData(accountKeys.detail(accountId), account),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** POST …/suspend `{ reason }` */
export const useSuspendAccount = (accountId: string) =>
  useAccountAction(accountId, (reason: string) =>
    apiFetch(`${serviceAccountPath(accountId)}/suspend`, {
      method: 'POST',
      body: { reason },
      schema: ServiceAccountDetailSchema,
    }),
  );

/** POST …/restore */
export const useRestoreAccount = (accountId: string) =>
  useAccountAction(accountId, () =>
    apiFetch(`${serviceAccountPath(accountId)}/restore`, {
      method: 'POST',
      schema: ServiceAccountDetailSchema,
    }),
  );

/** POST …/transfer `{ userId }` */
export const useTransferOwnership = (accountId: string) =>
  useAccountAction(accountId, (userId: string) =>
    apiFetch(`${serviceAccountPath(accountId)}/transfer`, {
      method: 'POST',
      body: { userId },
      schema: ServiceAccountDetailSchema,
    }),
  );

/** POST …/notes `{ body }` */
export function useAddStaffNote(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch(`${serviceAccountPath(accountId)}/notes`, {
        method: 'POST',
        body: { body },
        schema: StaffNoteSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.detail(accountId) }),
  });
}

/** DELETE …/notes/{noteId} (one's own) */
export function useDeleteStaffNote(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      apiFetch(`${serviceAccountPath(accountId)}/notes/${encodeURIComponent(noteId)}`, {
        method: 'DELETE',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.detail(accountId) }),
  });
}
