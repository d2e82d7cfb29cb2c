import {
  ServiceAccountDetailSchema,
  ServiceAccountPageSchema,
  StaffNoteSchema,
  type ServiceAccountPage,
} from '@tenantry/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from '../../api/service-keys.ts';
import { accountsApiQuery, type AccountFilters } from '../lib/accounts-view.ts';

export const ACCOUNTS_PAGE_SIZE = 50;
const path = (accountId: string) => `/api/v1/service/accounts/${encodeURIComponent(accountId)}`;

/** GET /api/v1/service/accounts: one keyset page. */
export function fetchAccountPage(
  filters: AccountFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ServiceAccountPage> {
  const qs = accountsApiQuery(filters);
  qs.set('limit', String(ACCOUNTS_PAGE_SIZE));
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/accounts?${qs.toString()}`, {
    schema: ServiceAccountPageSchema,
    signal,
  });
}

/** Every account the filters match, page after page ("Load more"). */
export function useServiceAccounts(filters: AccountFilters) {
  return useInfiniteQuery({
    queryKey: serviceKeys.accountList(filters),
    queryFn: ({ pageParam, signal }) => fetchAccountPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** GET /api/v1/service/accounts/{accountId}: the account's page. */
export function useServiceAccount(accountId: string) {
  return useQuery({
    queryKey: serviceKeys.account(accountId),
    queryFn: ({ signal }) =>
      apiFetch(path(accountId), { schema: ServiceAccountDetailSchema, signal }),
    staleTime: 0,
  });
}

/** The account's actions answer the account now: its page takes it; the lists ask again. */
function useAccountAction<V>(accountId: string, request: (v: V) => { to: string; body?: unknown }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => {
      const { to, body } = request(v);
      return apiFetch(`${path(accountId)}/${to}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
        schema: ServiceAccountDetailSchema,
      });
    },
    onSuccess: (detail) => qc.setQueryData(serviceKeys.account(accountId), detail),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** POST …/suspend */
export const useSuspendAccount = (accountId: string) =>
  useAccountAction(accountId, (reason: string) => ({ to: 'suspend', body: { reason } }));
/** POST …/restore */
export const useRestoreAccount = (accountId: string) =>
  useAccountAction(accountId, (_: void) => ({ to: 'restore' }));
/** POST …/transfer */
export const useTransferOwnership = (accountId: string) =>
  useAccountAction(accountId, (userId: string) => ({ to: 'transfer', body: { userId } }));

/** POST …/notes */
export function useAddStaffNote(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch(`${path(accountId)}/notes`, {
        method: 'POST',
        body: { body },
        schema: StaffNoteSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.account(accountId) }),
  });
}

/** DELETE …/notes/{noteId} */
export function useDeleteStaffNote(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      apiFetch(`${path(accountId)}/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceKeys.account(accountId) }),
  });
}
