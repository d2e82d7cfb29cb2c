import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  fieldErrors,
  normaliseCode,
  sharedSignInErrorMessage,
  sharingErrorMessage,
  validateEmail,
} from './sharing-messages.ts';
import { formatLastUsed } from './share-time.ts';

describe('sharing messages', () => {
  it('the code step never tells whether a share exists', () => {
    const notShared = new ApiError(400, 'sharing.invalid_code', 'x');
    const wrong = new ApiError(400, 'common.validation', 'x', { code: 'bad' });
    expect(sharedSignInErrorMessage(notShared, 'verify')).toBe(
      sharedSignInErrorMessage(wrong, 'verify'),
    );
    expect(sharedSignInErrorMessage(new ApiError(429, 'common.rate_limited', 'x'), 'code')).toMatch(
      /Too many attempts/,
    );
    expect(sharedSignInErrorMessage(new ApiError(0, 'common.network', 'x'), 'code')).toMatch(
      /reach the server/,
    );
  });

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

  it('normalises a typed code and checks its six digits', () => {
    expect(normaliseCode(' 123 456 ')).toEqual({ code: '123456', error: null });
    expect(normaliseCode('')).toMatchObject({ error: 'Enter the code from the e-mail' });
    expect(normaliseCode('12345a')).toMatchObject({ error: 'The code has 6 digits' });
    expect(normaliseCode('1234567')).toMatchObject({ error: 'The code has 6 digits' });
  });

  it('checks addresses and formats the last use', () => {
    expect(validateEmail('')).toBe('Enter an e-mail address');
    expect(validateEmail('a@b')).toBe('Enter a valid e-mail address');
    expect(validateEmail(' a@b.example ')).toBeNull();
    expect(formatLastUsed(null)).toBe('Never');
    expect(formatLastUsed('not a date')).toBe('Never');
    expect(formatLastUsed('2026-03-01T10:00:00.000Z', 'en-GB')).toMatch(/2026/);
  });
});
