import { SignUpCodeSentSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** POST /api/v1/signup/code: e-mails a new code (the same answer for any address). */
export function requestSignUpCode(email: string) {
  return apiFetch('/api/v1/signup/code', { body: { email }, schema: SignUpCodeSentSchema });
}

export function useRequestSignUpCode() {
  return useMutation({ mutationFn: requestSignUpCode });
}
