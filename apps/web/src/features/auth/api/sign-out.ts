import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { forgetSession } from '../lib/last-session.ts';
import { authClient, unwrap } from './auth-client.ts';

/** Ends the session on the server, then forgets every cached answer of this user. */
export function useSignOut() {
  const qc = useQueryClient();
  return useCallback(async () => {
    // Signing out on purpose: the sign-in pages need not explain why they are shown.
    forgetSession();
    try {
      await unwrap(authClient().signOut());
    } catch (err) {
      console.warn('[auth] sign-out request failed', err);
    }
    await qc.cancelQueries();
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    qc.setQueryData(ME_QUERY_KEY, null);
  }, [qc]);
}
