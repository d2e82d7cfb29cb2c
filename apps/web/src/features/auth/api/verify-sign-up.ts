import { SignUpVerifiedSchema, type SignUpVerify } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { fetchMe } from './me.ts';

/** POST /api/v1/signup/verify: the code from the e-mail proves the address and signs in. */
export function verifySignUp(input: SignUpVerify) {
  return apiFetch('/api/v1/signup/verify', { body: input, schema: SignUpVerifiedSchema });
}

export function useVerifySignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpVerify) => {
      await verifySignUp(input);
      // Signed in now: the claims decide where the app goes next.
      await qc.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => fetchMe(), staleTime: 0 });
    },
  });
}
