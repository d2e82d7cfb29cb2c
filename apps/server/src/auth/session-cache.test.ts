import { describe, expect, it } from 'vitest';
import { sessionCookieKey, VerifiedSessionCache } from './session-cache.ts';
import type { SessionState } from './types.ts';

const state = (sessionId: string, expiresInMs = 3_600_000, now = 0): SessionState => ({
  userId: 'u1',
  sessionId,
  email: 'a@example.com',
  emailVerified: true,
  expiresAt: new Date(now + expiresInMs),
  sharedTenantId: null,
});

function cacheAt(clock: { t: number }, maxEntries = 10) {
  return new VerifiedSessionCache({
    ttlMs: 10_000,
    revokedForMs: 70_000,
    maxEntries,
    now: () => clock.t,
  });
}

describe('verified-session cache', () => {
  it('serves an entry until its time-to-live, never past the session expiry', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock);
    cache.set('k', state('s1'));
    cache.set('short', state('s2', 3_000));
    clock.t = 2_999;
    expect(cache.get('k')?.sessionId).toBe('s1');
    expect(cache.get('short')?.sessionId).toBe('s2');
    clock.t = 3_000;
    expect(cache.get('short')).toBeUndefined();
    clock.t = 10_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops a revoked session and remembers the revocation for a while', () => {
    const clock = { t: 0 };
    const cache = cacheAt(clock);
    cache.set('k', state('s1'));
    cache.revokeSession('s1');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.isRevoked('s1')).toBe(true);
    clock.t = 70_000;
    expect(cache.isRevoked('s1')).toBe(false);
  });

  it('evicts the oldest entry when full', () => {
    const cache = cacheAt({ t: 0 }, 2);
    cache.set('a', state('s1'));
    cache.set('b', state('s2'));
    cache.set('c', state('s3'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.sessionId).toBe('s3');
  });

  it('keys on the session cookies only', () => {
    expect(sessionCookieKey(undefined)).toBeNull();
    expect(sessionCookieKey('theme=dark')).toBeNull();
    expect(
      sessionCookieKey('theme=dark; tenantry.session_token=abc.def; tenantry.session_data=xyz'),
    ).toBe('tenantry.session_token=abc.def; tenantry.session_data=xyz');
    expect(sessionCookieKey('__Secure-tenantry.session_token=q')).toBe(
      '__Secure-tenantry.session_token=q',
    );
  });
});
