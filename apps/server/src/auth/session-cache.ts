import type { SessionState } from './types.ts';

/**
 * Verified sessions, kept in process for a few seconds, keyed by the exact signed session
 * cookies the browser sent. A hit skips Better Auth's per-request work (cookie signature
 * verification, its session lookup and endpoint context), the dominant CPU cost of a signed-in
 * request (see bench/README.md). It is only a shortcut to "which session does this cookie
 * name": the claims query checks on every request that the session row still exists, so a
 * session ended on any server (sign-out, "end other sessions", a password change) is refused
 * on its next request, and a removed membership or revoked share takes effect at once.
 *
 * Sign-out also drops the id here, so this process stops serving it without waiting.
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
