import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authClient, unwrap } from './auth-client.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => unwrap(authClient().signIn.email(input)),
    // Signing in changes who is signed in: ask /api/v1/me again.
    onSuccess: () => qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
