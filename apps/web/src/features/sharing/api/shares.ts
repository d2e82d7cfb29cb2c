import {
  AccountSchema,
  ShareListSchema,
  ShareSchema,
  type ShareCreate,
  type ShareRole,
} from '@tenantry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** Every query of this feature starts with this key; writes invalidate it as a whole. */
export const SHARES_KEY = ['shares'] as const;

export const tenantSharesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: [...SHARES_KEY, 'tenant', tenantId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId)}/shares`, {
        schema: ShareListSchema,
        signal,
      }),
  });

export const accountSharesQuery = queryOptions({
  queryKey: [...SHARES_KEY, 'account'],
  queryFn: ({ signal }) => apiFetch('/api/v1/shares', { schema: ShareListSchema, signal }),
});

/** The signed-in member's role in their account (GET /api/v1/account), for `can()`. */
export const myAccountRoleQuery = queryOptions({
  queryKey: [...SHARES_KEY, 'my-account-role'],
  queryFn: async ({ signal }) =>
    (await apiFetch('/api/v1/account', { schema: AccountSchema, signal })).role,
  staleTime: 60_000,
});

export const useTenantShares = (tenantId: string) => useQuery(tenantSharesQuery(tenantId));
export const useAccountShares = () => useQuery(accountSharesQuery);
export const useMyAccountRole = () => useQuery(myAccountRoleQuery);

function useSharesMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: SHARES_KEY }),
  });
}

export function useCreateShare(tenantId: string) {
  return useSharesMutation((input: ShareCreate) =>
    apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId)}/shares`, {
      method: 'POST',
      body: input,
      schema: ShareSchema,
    }),
  );
}

export function useChangeShareRole() {
  return useSharesMutation((input: { id: string; role: ShareRole }) =>
    apiFetch(`/api/v1/shares/${encodeURIComponent(input.id)}`, {
      method: 'PATCH',
      body: { role: input.role },
      schema: ShareSchema,
    }),
  );
}

export function useRevokeShare() {
  return useSharesMutation((id: string) =>
    apiFetch(`/api/v1/shares/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
