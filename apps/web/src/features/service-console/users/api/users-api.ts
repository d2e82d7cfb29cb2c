/**
 * The users tab's requests (GET /api/v1/service/users, /service/users/{userId} and the
 * actions on a user). Every action refreshes the user's page and the list.
 */
import {
  SecondFactorResetSchema,
  ServiceUserActionResultSchema,
  ServiceUserDetailSchema,
  ServiceUserListSchema,
  ServiceUserRowSchema,
  type ServiceUserList,
  type SystemRole,
} from '@tenantry/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { userListQuery, type UserFilters } from '../lib/users-view.ts';

export const USERS_PAGE_SIZE = 50;

export const userKeys = {
  all: ['service', 'users'] as const,
  list: (filters: UserFilters) => [...userKeys.all, 'list', filters] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};

const userPath = (userId: string) => `/api/v1/service/users/${encodeURIComponent(userId)}`;

/** One keyset page of the list. */
export function fetchUserPage(
  filters: UserFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ServiceUserList> {
  const qs = userListQuery(filters);
  qs.set('limit', String(USERS_PAGE_SIZE));
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/users?${qs.toString()}`, {
    schema: ServiceUserListSchema,
    signal,
  });
}

/** Every user the filters match, page after page ("Load more"). */
export function useUserList(filters: UserFilters) {
  return useInfiniteQuery({
    queryKey: userKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchUserPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** A user's page. */
export function useServiceUser(userId: string) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) =>
      apiFetch(userPath(userId), { schema: ServiceUserDetailSchema, signal }),
    staleTime: 0,
  });
}

export type UserAction =
  | { kind: 'endSession'; sessionId: string }
  | { kind: 'endSessions' }
  | { kind: 'disable'; reason: string }
  | { kind: 'enable' }
  | { kind: 'verification' }
  | { kind: 'passwordReset' }
  | { kind: 'secondFactorReset' }
  | { kind: 'grant'; role: SystemRole }
  | { kind: 'revoke'; role: SystemRole };

function send(userId: string, action: UserAction): Promise<unknown> {
  const base = userPath(userId);
  const result = ServiceUserActionResultSchema;
  switch (action.kind) {
    case 'endSession':
      return apiFetch(`${base}/sessions/${encodeURIComponent(action.sessionId)}`, {
        method: 'DELETE',
        schema: result,
      });
    case 'endSessions':
      return apiFetch(`${base}/sessions`, { method: 'DELETE', schema: result });
    case 'disable':
      return apiFetch(`${base}/disable`, {
        method: 'POST',
        body: { reason: action.reason },
        schema: result,
      });
    case 'enable':
      return apiFetch(`${base}/enable`, { method: 'POST', body: {}, schema: result });
    case 'verification':
      return apiFetch(`${base}/verification`, { method: 'POST', body: {}, schema: result });
    case 'passwordReset':
      return apiFetch(`${base}/password-reset`, { method: 'POST', body: {}, schema: result });
    case 'secondFactorReset':
      return apiFetch(`${base}/second-factors/reset`, {
        method: 'POST',
        body: {},
        schema: SecondFactorResetSchema,
      });
    case 'grant':
    case 'revoke':
      return apiFetch(`${base}/roles/${action.role}`, {
        method: action.kind === 'grant' ? 'PUT' : 'DELETE',
        ...(action.kind === 'grant' ? { body: {} } : {}),
        schema: ServiceUserRowSchema,
      });
  }
}

/** One action on the user; the page and the list are read again afterwards. */
export function useUserAction(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => send(userId, action),
    onSettled: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
