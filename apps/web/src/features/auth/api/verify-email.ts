import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authClient, unwrap } from './auth-client.ts';

/**
 * Where Better Auth's own /api/auth/verify-email link sends the browser: on success this URL,
 * on failure the same with `&error=CODE` (the verify-email page reads both).
 */
export const VERIFIED_CALLBACK_URL = '/verify-email?status=verified';

/** Verifies the token once (the query de-duplicates StrictMode's double effects). */
export function useVerifyEmail(token: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      await unwrap(authClient().verifyEmail({ query: { token: token ?? '' } }));
      await qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      return true;
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(authClient().sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK_URL })),
  });
}
