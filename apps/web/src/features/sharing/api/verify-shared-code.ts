import {
  SharedSignInResultSchema,
  type SharedSignInResult,
  type SharedSignInVerify,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';

/** POST /api/v1/shared-signin/{tenantId}/verify: signs in with the code (sets the cookie). */
export function verifySharedCode(
  tenantId: string,
  input: SharedSignInVerify,
): Promise<SharedSignInResult> {
  return apiFetch(`/api/v1/shared-signin/${encodeURIComponent(tenantId)}/verify`, {
    method: 'POST',
    body: input,
    schema: SharedSignInResultSchema,
  });
}

export function useVerifySharedCode(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SharedSignInVerify) => verifySharedCode(tenantId, input),
    // Signing in changes who is signed in: ask /api/v1/me again.
    onSuccess: () => qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
