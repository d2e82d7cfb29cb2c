import { describe, expect, it } from 'vitest';
import {
  filtersToQuery,
  ratingLabel,
  readFeedbackFilters,
  versionLabel,
  writeFeedbackFilters,
} from './feedback-filters.ts';

describe('the feedback filters in the URL', () => {
  it('reads page, rating and handled, and anything the server would refuse as no filter', () => {
    expect(
      readFeedbackFilters(new URLSearchParams('page=/tenant/t1&rating=2&handled=open')),
    ).toEqual({ page: '/tenant/t1', rating: 2, handled: 'open' });
    expect(readFeedbackFilters(new URLSearchParams('page=tenant&rating=9&handled=maybe'))).toEqual({
      page: '',
      rating: null,
      handled: 'all',
    });
    expect(readFeedbackFilters(new URLSearchParams('rating=2.5'))).toMatchObject({ rating: null });
  });

  it('writes changes and leaves defaults out of the URL', () => {
    const params = new URLSearchParams('page=/a&rating=3&tab=x');
    expect(writeFeedbackFilters(params, { rating: null, handled: 'handled' }).toString()).toBe(
      'page=%2Fa&tab=x&handled=handled',
    );
    expect(writeFeedbackFilters(params, { page: '', handled: 'all' }).toString()).toBe(
      'rating=3&tab=x',
    );
  });

  it('asks the server with what is filtered only', () => {
    expect(filtersToQuery({ page: '', rating: null, handled: 'all' }).toString()).toBe(
      'handled=all',
    );
    expect(filtersToQuery({ page: '/b', rating: 5, handled: 'open' }).toString()).toBe(
      'handled=open&page=%2Fb&rating=5',
    );
  });
});

describe('labels', () => {
  it('names ratings and shows a build timestamp as its UTC time', () => {
    expect(ratingLabel(1)).toBe('1 – Very poor');
    expect(ratingLabel(5)).toBe('5 – Very good');
    expect(versionLabel(String(Date.UTC(2026, 10, 26, 11, 15)))).toBe('2026-11-26 11:15 UTC');
    expect(versionLabel('dev')).toBe('dev');
  });
});
