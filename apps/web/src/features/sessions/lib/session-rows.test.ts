import type { SessionInfo } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { otherSessionCount, sessionRows, signedInWith } from './session-rows.ts';

const base: SessionInfo = {
  id: 's1',
  current: false,
  shared: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
  ipAddress: '10.0.0.1',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActiveAt: '2026-03-01T10:00:00.000Z',
  signInMethod: 'password',
  secondFactor: null,
};

describe('session rows', () => {
  it('puts this device first, then the most recently active, each with a readable device', () => {
    const rows = sessionRows([
      { ...base, id: 'old', lastActiveAt: '2026-03-01T09:00:00.000Z' },
      { ...base, id: 'new', lastActiveAt: '2026-03-02T09:00:00.000Z', userAgent: null },
      { ...base, id: 'me', current: true, lastActiveAt: '2026-02-01T09:00:00.000Z' },
    ]);
    expect(rows.map((r) => r.id)).toEqual(['me', 'new', 'old']);
    expect(rows[0]).toMatchObject({ device: 'Chrome on Linux', current: true, shared: false });
    expect(rows[1]?.device).toBe('Unknown device');
  });

  it('says how each session signed in', () => {
    expect(signedInWith('password', 'totp')).toBe('Password and authenticator app');
    expect(signedInWith('shared_code', 'backup_code')).toBe('Shared sign-in code and backup code');
    expect(signedInWith('passkey', null)).toBe('Passkey');
    expect(signedInWith(null, null)).toBeNull();
    const [row] = sessionRows([{ ...base, signInMethod: 'sign_up_code', secondFactor: 'passkey' }]);
    expect(row?.signedInWith).toBe('Sign-up code and passkey');
  });

  it('counts the sessions other than this one', () => {
    expect(otherSessionCount([{ current: true }, { current: false }, { current: false }])).toBe(2);
    expect(otherSessionCount([{ current: true }])).toBe(0);
  });
});
