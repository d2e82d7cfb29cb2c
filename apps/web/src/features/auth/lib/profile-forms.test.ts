import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  ChangeEmailFormSchema,
  ChangePasswordFormSchema,
  DisplayNameFormSchema,
  changeEmailErrorMessage,
  changeEmailNotice,
  changePasswordError,
} from './profile-forms.ts';

const issues = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('profile forms', () => {
  it('checks the display name with the server’s rules', () => {
    expect(DisplayNameFormSchema.safeParse({ displayName: '  Robin  ' }).data).toEqual({
      displayName: 'Robin',
    });
    expect(issues(DisplayNameFormSchema.safeParse({ displayName: '   ' }))).toEqual({
      displayName: 'Enter your name.',
    });
    expect(issues(DisplayNameFormSchema.safeParse({ displayName: 'x'.repeat(101) }))).toEqual({
      displayName: 'Use at most 100 characters.',
    });
  });

  it('wants the current password, a long enough new one, typed twice the same', () => {
    const ok = {
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-22',
      confirmPassword: 'new-pass-22',
    };
    expect(ChangePasswordFormSchema.safeParse(ok).success).toBe(true);
    expect(
      issues(
        ChangePasswordFormSchema.safeParse({
          ...ok,
          currentPassword: '',
          newPassword: 'short',
          confirmPassword: 'other',
        }),
      ),
    ).toEqual({
      currentPassword: 'Enter your current password.',
      newPassword: 'Use at least 8 characters.',
      confirmPassword: 'The two new passwords differ.',
    });
    expect(
      issues(ChangePasswordFormSchema.safeParse({ ...ok, confirmPassword: 'new-pass-23' })),
    ).toEqual({
      confirmPassword: 'The two new passwords differ.',
    });
    expect(
      issues(
        ChangePasswordFormSchema.safeParse({
          ...ok,
          newPassword: 'old-pass-1',
          confirmPassword: 'old-pass-1',
        }),
      ),
    ).toEqual({ newPassword: 'Choose a password different from your current one.' });
  });

  it('wants a plausible new e-mail address', () => {
    expect(ChangeEmailFormSchema.safeParse({ newEmail: ' a@b.example ' }).data).toEqual({
      newEmail: 'a@b.example',
    });
    expect(issues(ChangeEmailFormSchema.safeParse({ newEmail: 'nope' }))).toEqual({
      newEmail: 'Enter a valid e-mail address.',
    });
  });

  it('shows a wrong current password beside its field', () => {
    expect(changePasswordError(new ApiError(400, 'INVALID_PASSWORD', 'Invalid password'))).toEqual({
      field: 'currentPassword',
      message: 'That is not your current password.',
    });
    expect(
      changePasswordError(new ApiError(400, 'PASSWORD_TOO_SHORT', 'Password too short')),
    ).toEqual({
      field: 'newPassword',
      message: 'Use at least 8 characters.',
    });
    expect(changePasswordError(new ApiError(0, 'common.network', 'offline')).field).toBeNull();
    expect(changePasswordError(new ApiError(0, 'common.network', 'offline')).message).toMatch(
      /Could not reach the server/,
    );
  });

  it('explains a refused e-mail change', () => {
    expect(changeEmailErrorMessage(new ApiError(400, 'BAD_REQUEST', 'Email is the same'))).toBe(
      'That is already your e-mail address.',
    );
    expect(changeEmailErrorMessage(new ApiError(429, 'RATE', 'slow down'))).toMatch(/Too many/);
  });

  it('tells which inbox the confirmation goes to', () => {
    expect(changeEmailNotice({ email: 'old@x.test', emailVerified: true }, 'new@x.test')).toMatch(
      /^Check your inbox at old@x\.test to confirm/,
    );
    expect(changeEmailNotice({ email: 'old@x.test', emailVerified: false }, 'new@x.test')).toMatch(
      /^Check your inbox at new@x\.test to confirm/,
    );
  });
});
