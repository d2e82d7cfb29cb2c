import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { fieldErrors, sharingErrorMessage } from './sharing-messages.ts';
import { formatLastUsed } from './share-time.ts';

describe('sharing messages', () => {
  it('explains a duplicate share and a missing permission', () => {
    expect(sharingErrorMessage(new ApiError(409, 'sharing.already_shared', 'x'))).toMatch(
      /already shared/,
    );
    expect(sharingErrorMessage(new ApiError(403, 'common.forbidden', 'x'))).toMatch(
      /cannot change sharing/,
    );
    expect(sharingErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('field errors only come from a 400', () => {
    expect(fieldErrors(new ApiError(400, 'common.validation', 'x', { email: 'bad' }))).toEqual({
      email: 'bad',
    });
    expect(fieldErrors(new ApiError(409, 'sharing.already_shared', 'x', { email: 'dup' }))).toEqual(
      {},
    );
  });

  it('formats the last use', () => {
    expect(formatLastUsed(null)).toBe('Never');
    expect(formatLastUsed('not a date')).toBe('Never');
    expect(formatLastUsed('2026-03-01T10:00:00.000Z', 'en-GB')).toMatch(/2026/);
  });
});
