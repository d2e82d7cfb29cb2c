import { SharedSignInCodeSentSchema, type SharedSignInCodeSent } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/**
 * POST /api/v1/shared-signin/{tenantId}/code: e-mails a one-time code when the tenant is shared
 * with that address. The answer is the same either way.
 */
export function requestSharedCode(tenantId: string, email: string): Promise<SharedSignInCodeSent> {
  return apiFetch(`/api/v1/shared-signin/${encodeURIComponent(tenantId)}/code`, {
    method: 'POST',
    body: { email },
    schema: SharedSignInCodeSentSchema,
  });
}

export function useRequestSharedCode(tenantId: string) {
  return useMutation({ mutationFn: (email: string) => requestSharedCode(tenantId, email) });
}
