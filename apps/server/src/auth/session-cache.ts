import type { SessionState } from './types.ts';

/**
 * Verified sessions, kept in process for a few seconds, keyed by the exact signed session
 * cookies the browser sent. A hit skips Better Auth's per-request work (cookie-cache HMAC
 * verification and its endpoint context), the dominant CPU cost of a signed-in request (see
 * bench/README.md). Claims are still read from the database on every request, so a removed
 * membership or a revoked share takes effect at once; only "is this cookie a live session" is
 * cached, for at most `ttlMs` — shorter than Better Auth's own 60 s cookie cache.
 *
 * Sign-out revokes the session id here as well, which also closes the window in which Better
 * Auth's cookie cache would still accept a signed-out cookie replayed within its max age.
 */
export class VerifiedSessionCache {
  private readonly entries = new Map<string, { state: SessionState; until: number }>();
  private readonly revoked = new Map<string, number>();

  constructor(
    private readonly opts: {
      ttlMs: number;
      /** How long a revoked id is remembered: at least Better Auth's cookie-cache max age. */
      revokedForMs: number;
      maxEntries: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  get(key: string): SessionState | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.now() || this.isRevoked(hit.state.sessionId)) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.state;
  }

  set(key: string, state: SessionState): void {
    const until = Math.min(this.now() + this.opts.ttlMs, state.expiresAt.getTime());
    if (until <= this.now()) return;
    if (this.entries.size >= this.opts.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { state, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  revokeSession(sessionId: string): void {
    const now = this.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    this.revoked.set(sessionId, now + this.opts.revokedForMs);
  }

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until <= this.now()) {
      this.revoked.delete(sessionId);
      return false;
    }
    return true;
  }
}

/**
 * The cache key: the session cookies only (`…session_token`, `…session_data`, with or without
 * the `__Secure-` prefix), in the order sent. Null when the request carries no session cookie.
 */
export function sessionCookieKey(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const parts = cookieHeader
    .split(';')
    .map((p) => p.trim())
    .filter((p) => /^(?:__Secure-)?[\w.-]*session_(?:token|data)=/.test(p));
  return parts.length > 0 ? parts.join('; ') : null;
}
