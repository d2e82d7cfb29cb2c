import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api.ts';
import {
  checkCode,
  checkEmail,
  checkNewPassword,
  sharedSignInErrorMessage,
  signInErrorMessage,
} from './messages.ts';

const refusal = (status: number, code: string): Extract<ApiResult<unknown>, { ok: false }> => ({
  ok: false,
  status,
  code,
  message: 'x',
  fields: {},
});

describe('the guest pages’ messages', () => {
  it('sign-in says one generic thing for a wrong address or password', () => {
    expect(signInErrorMessage(refusal(401, 'INVALID_EMAIL_OR_PASSWORD'))).toBe(
      'Invalid e-mail or password',
    );
    expect(signInErrorMessage(refusal(400, 'USER_NOT_FOUND'))).toBe('Invalid e-mail or password');
    expect(signInErrorMessage(refusal(429, 'x'))).toMatch(/Too many attempts/);
    expect(signInErrorMessage(refusal(0, 'common.network'))).toMatch(/reach the server/);
  });

  it('the shared code step never tells whether a share exists', () => {
    expect(sharedSignInErrorMessage(refusal(400, 'sharing.invalid_code'), 'verify')).toBe(
      sharedSignInErrorMessage(refusal(400, 'common.validation'), 'verify'),
    );
    expect(sharedSignInErrorMessage(refusal(429, 'common.rate_limited'), 'code')).toMatch(
      /Too many attempts/,
    );
    expect(sharedSignInErrorMessage(refusal(0, 'common.network'), 'code')).toMatch(
      /reach the server/,
    );
  });

  it('normalises a typed code and checks its six digits', () => {
    const check = (raw: string) => checkCode(raw, 6, 'Enter the code from the e-mail');
    expect(check(' 123 456 ')).toEqual({ code: '123456', error: null });
    expect(check('')).toMatchObject({ error: 'Enter the code from the e-mail' });
    expect(check('12345a')).toMatchObject({ error: 'The code has 6 digits' });
    expect(check('1234567')).toMatchObject({ error: 'The code has 6 digits' });
  });

  it('checks addresses and new passwords', () => {
    expect(checkEmail('')).toBe('Enter your e-mail address');
    expect(checkEmail('', 'Enter an e-mail address')).toBe('Enter an e-mail address');
    expect(checkEmail('a@b')).toBe('Enter a valid e-mail address');
    expect(checkEmail(' a@b.example ')).toBeNull();
    expect(checkNewPassword('short')).toBe('Use at least 8 characters');
    expect(checkNewPassword('x'.repeat(129))).toBe('Use at most 128 characters');
    expect(checkNewPassword('long-enough')).toBeNull();
  });
});
