import { useMutation } from '@tanstack/react-query';
import { authClient, unwrap } from './auth-client.ts';
import { VERIFIED_CALLBACK_URL } from './verify-email.ts';

/**
 * POST /api/auth/change-email. Nothing changes yet: a link goes to the current address when it
 * is verified (to confirm), else to the new one (to verify); the address changes once the new
 * one is verified through /verify-email.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      unwrap(authClient().changeEmail({ newEmail, callbackURL: VERIFIED_CALLBACK_URL })),
  });
}
