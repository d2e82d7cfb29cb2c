import { useMutation } from '@tanstack/react-query';
import { authClient, unwrap } from './auth-client.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/change-password. The server always ends every other session of the user
 * (this one gets a fresh session cookie and stays signed in).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      unwrap(authClient().changePassword({ ...input, revokeOtherSessions: true })),
  });
}
