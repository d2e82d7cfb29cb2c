import { useMutation } from '@tanstack/react-query';
import { authClient, unwrap } from './auth-client.ts';

export const RESET_PASSWORD_PATH = '/reset-password';

/** Asks for a reset link. The answer never says whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(authClient().requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      unwrap(authClient().resetPassword(input)),
  });
}
