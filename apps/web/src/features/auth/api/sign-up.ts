import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authClient, unwrap } from './auth-client.ts';
import { fetchMe } from './me.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates the account; resolves with whether the new user is signed in right away. */
export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await unwrap(authClient().signUp.email(input));
      const me = await qc.fetchQuery({
        queryKey: ME_QUERY_KEY,
        queryFn: () => fetchMe(),
        staleTime: 0,
      });
      return { signedIn: me !== null };
    },
  });
}
