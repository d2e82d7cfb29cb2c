import {
  SupportAccessOverviewSchema,
  SupportAccessSchema,
  SupportSessionSchema,
  type SupportSessionInput,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceKeys } from '../../api/service-keys.ts';

const OWN_KEY = ['account', 'support-access'] as const;
const overviewKey = (accountId: string) =>
  [...serviceKeys.all, 'support-access', accountId] as const;

/** GET /api/v1/account/support-access (owners, admin/security). */
export function useOwnSupportAccess(enabled: boolean) {
  return useQuery({
    queryKey: OWN_KEY,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/account/support-access', { schema: SupportAccessSchema, signal }),
    enabled,
  });
}

/** PUT (grant for `days`) or DELETE (revoke) /api/v1/account/support-access. */
export function useSetSupportAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) =>
      apiFetch('/api/v1/account/support-access', {
        method: days === null ? 'DELETE' : 'PUT',
        body: days === null ? undefined : { days },
        schema: SupportAccessSchema,
      }),
    onSuccess: (data) => qc.setQueryData(OWN_KEY, data),
  });
}

/** GET /api/v1/service/accounts/{accountId}/support-access (system admins). */
export function useSupportAccessOverview(accountId: string, enabled = true) {
  return useQuery({
    queryKey: overviewKey(accountId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/service/accounts/${encodeURIComponent(accountId)}/support-access`, {
        schema: SupportAccessOverviewSchema,
        signal,
      }),
    enabled,
  });
}

/** POST /api/v1/service/accounts/{accountId}/support-session: the browser becomes the member. */
export function useStartSupportSession(accountId: string) {
  return useMutation({
    mutationFn: (input: SupportSessionInput) =>
      apiFetch(`/api/v1/service/accounts/${encodeURIComponent(accountId)}/support-session`, {
        method: 'POST',
        body: input,
        schema: SupportSessionSchema,
      }),
  });
}

/** POST /api/auth/admin/stop-impersonating: back to the system admin's own session. */
export function useStopSupportSession() {
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/admin/stop-impersonating', { method: 'POST', body: {} }),
  });
}
