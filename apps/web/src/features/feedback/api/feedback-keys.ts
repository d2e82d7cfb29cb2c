import type { FeedbackFilters } from '../lib/feedback-filters.ts';

/** Query keys of feedback (one place, so mutations invalidate the right ones). */
export const feedbackKeys = {
  all: ['feedback'] as const,
  /** Every staff list of feedback, whatever its filters. */
  lists: () => [...feedbackKeys.all, 'list'] as const,
  list: (filters: FeedbackFilters) => [...feedbackKeys.lists(), filters] as const,
};
