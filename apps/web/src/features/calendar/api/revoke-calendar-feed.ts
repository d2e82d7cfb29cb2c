import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { calendarKeys } from './calendar-keys.ts';

/** DELETE /api/v1/calendar-feed: the address answers 404 from now on. */
export function revokeCalendarFeed() {
  return apiFetch('/api/v1/calendar-feed', { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSettled: () => qc.invalidateQueries({ queryKey: calendarKeys.mine() }),
  });
}
