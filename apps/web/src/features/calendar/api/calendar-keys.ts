/** Query keys of the calendar feed (the caller's own, in the account of the session). */
export const calendarKeys = {
  all: ['calendar-feed'] as const,
  mine: () => [...calendarKeys.all, 'mine'] as const,
};
