/**
 * The staff list's filters as the service console keeps them in the URL (`?page=…&rating=…
 * &handled=…`), and what the feedback screens show of a feedback.
 */
import {
  FEEDBACK_HANDLED_FILTERS,
  FeedbackPagePathSchema,
  type FeedbackHandledFilter,
  type FeedbackRating,
} from '@tenantry/shared';
import { feedbackRatingLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

export interface FeedbackFilters {
  /** An exact page path, or '' for every page. */
  page: string;
  /** 1–5, or null for every rating. */
  rating: FeedbackRating | null;
  handled: FeedbackHandledFilter;
}

export const DEFAULT_FEEDBACK_FILTERS: FeedbackFilters = { page: '', rating: null, handled: 'all' };

const isHandled = (s: string | null): s is FeedbackHandledFilter =>
  (FEEDBACK_HANDLED_FILTERS as readonly (string | null)[]).includes(s);

export function isRating(n: number): n is FeedbackRating {
  return Number.isInteger(n) && n >= 1 && n <= 5;
}

/** The filters of the URL; anything the server would refuse reads as no filter. */
export function readFeedbackFilters(params: URLSearchParams): FeedbackFilters {
  const page = (params.get('page') ?? '').trim();
  const rating = Number(params.get('rating'));
  const handled = params.get('handled');
  return {
    page: page && FeedbackPagePathSchema.safeParse(page).success ? page : '',
    rating: isRating(rating) ? rating : null,
    handled: isHandled(handled) ? handled : 'all',
  };
}

/** `params` with the filters changed; defaults are left out of the URL. */
export function writeFeedbackFilters(
  params: URLSearchParams,
  patch: Partial<FeedbackFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const unset = value === null || value === '' || (key === 'handled' && value === 'all');
    if (unset) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The list request's query string of the filters (what is not filtered is left out). */
export function filtersToQuery(filters: FeedbackFilters): URLSearchParams {
  const qs = new URLSearchParams({ handled: filters.handled });
  if (filters.page) qs.set('page', filters.page);
  if (filters.rating !== null) qs.set('rating', String(filters.rating));
  return qs;
}

/** A "Handled" filter's name. */
export const handledFilterLabel = (f: FeedbackHandledFilter): string =>
  ({
    all: t('filters.handled.all'),
    open: t('filters.handled.open'),
    handled: t('filters.handled.handled'),
  })[f];

/** "4 – Good". */
export function ratingLabel(rating: number): string {
  return isRating(rating) ? `${rating} – ${feedbackRatingLabel(rating)}` : String(rating);
}

export const RATING_COLORS: Record<FeedbackRating, string> = {
  1: 'red',
  2: 'orange',
  3: 'yellow',
  4: 'lime',
  5: 'teal',
};

/**
 * The app version as people read it: a build's timestamp as its UTC date and time
 * (`2026-11-26 11:15 UTC`), anything else as it is.
 */
export function versionLabel(version: string): string {
  if (!/^\d{12,14}$/.test(version)) return version;
  const iso = new Date(Number(version)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
