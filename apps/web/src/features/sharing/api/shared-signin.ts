import {
  SharedSignInCodeSentSchema,
  SharedSignInResultSchema,
  type SharedSignInVerify,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';

const base = (tenantId: string) => `/api/v1/shared-signin/${encodeURIComponent(tenantId)}`;

/** POST …/code: e-mails a one-time code when the tenant is shared with that address. */
export function requestSharedCode(tenantId: string, email: string) {
  return apiFetch(`${base(tenantId)}/code`, {
    method: 'POST',
    body: { email },
    schema: SharedSignInCodeSentSchema,
  });
}

/** POST …/verify: signs in with the code; the answer sets the shared session's cookie. */
export function verifySharedCode(tenantId: string, input: SharedSignInVerify) {
  return apiFetch(`${base(tenantId)}/verify`, {
    method: 'POST',
    body: input,
    schema: SharedSignInResultSchema,
  });
}

export function useRequestSharedCode(tenantId: string) {
  return useMutation({ mutationFn: (email: string) => requestSharedCode(tenantId, email) });
}

export function useVerifySharedCode(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SharedSignInVerify) => verifySharedCode(tenantId, input),
    // Signing in changes who is signed in: ask /api/v1/me again.
    onSuccess: () => qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
