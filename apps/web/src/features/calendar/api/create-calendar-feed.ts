import { CreatedCalendarFeedSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { calendarKeys } from './calendar-keys.ts';

/** POST /api/v1/calendar-feed: a new address (replacing the earlier one), sent this once. */
export function createCalendarFeed() {
  return apiFetch('/api/v1/calendar-feed', {
    method: 'POST',
    body: {},
    schema: CreatedCalendarFeedSchema,
  });
}

/**
 * Makes the address. It stays only in the mutation's result, dropped as soon as nothing shows
 * it (`gcTime: 0`; the dialog calls `reset()` when it closes).
 */
export function useCreateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    gcTime: 0,
    onSettled: () => qc.invalidateQueries({ queryKey: calendarKeys.mine() }),
  });
}
