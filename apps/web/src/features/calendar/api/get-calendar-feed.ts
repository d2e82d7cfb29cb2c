import { CalendarFeedSchema, type CalendarFeed } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/v1/calendar-feed: whether the caller has a feed here (never its address). */
export function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiFetch('/api/v1/calendar-feed', { schema: CalendarFeedSchema, signal });
}

export const calendarFeedQueryOptions = queryOptions({
  queryKey: calendarKeys.mine(),
  queryFn: ({ signal }) => fetchCalendarFeed(signal),
});

/** Read again whenever the dialog opens: a calendar may have fetched the feed since. */
export function useCalendarFeed() {
  return useQuery({ ...calendarFeedQueryOptions, refetchOnMount: 'always' });
}
