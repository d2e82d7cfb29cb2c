import { SessionListSchema, type SessionList } from '@tenantry/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '#web/lib/api.ts';
import { sessionKeys } from './session-keys.ts';

/** GET /api/v1/me/sessions */
export function fetchSessions(signal?: AbortSignal): Promise<SessionList> {
  return apiFetch('/api/v1/me/sessions', { schema: SessionListSchema, signal });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionKeys.list(),
  queryFn: ({ signal }) => fetchSessions(signal),
  // "Last active" moves on its own; a fresh list whenever the screen opens.
  staleTime: 0,
});

/** My signed-in sessions (this browser marked `current`). */
export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** Asks for the list again (after something else ended sessions, e.g. a password change). */
export function useRefreshSessions(): () => Promise<void> {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: sessionKeys.all }), [qc]);
}
