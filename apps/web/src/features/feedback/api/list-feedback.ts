import { FeedbackListSchema, type FeedbackList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { filtersToQuery, type FeedbackFilters } from '../lib/feedback-filters.ts';
import { feedbackKeys } from './feedback-keys.ts';

export const FEEDBACK_PAGE_SIZE = 50;

/** GET /api/v1/service/feedback: one keyset page (newest first) and the open count. */
export function fetchFeedbackPage(
  filters: FeedbackFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FeedbackList> {
  const qs = filtersToQuery(filters);
  qs.set('limit', String(FEEDBACK_PAGE_SIZE));
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/feedback?${qs.toString()}`, {
    schema: FeedbackListSchema,
    signal,
  });
}

export const feedbackListQueryOptions = (filters: FeedbackFilters) =>
  infiniteQueryOptions({
    queryKey: feedbackKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchFeedbackPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** All feedback, page after page ("Load more"). */
export function useFeedbackList(filters: FeedbackFilters) {
  return useInfiniteQuery({
    ...feedbackListQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
