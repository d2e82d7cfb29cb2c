import type { CurrentUser } from '@tenantry/shared';

/**
 * What this browser last knew about who was signed in, so that when the server stops
 * accepting the session (ended from another device, a share revoked, expired) the pages can
 * say why instead of showing a bare sign-in form. Kept in localStorage: a reload or a new tab
 * after the revocation still knows it was a shared session. A deliberate sign-out forgets it.
 */
export type LastSession =
  { kind: 'member' } | { kind: 'shared'; tenantId: string; tenantName: string | null };

const KEY = 'tenantry.lastSession';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The session a user's claims describe (null when there is no user). */
export function lastSessionOf(
  user: CurrentUser | null,
  tenantName: string | null = null,
): LastSession | null {
  if (!user) return null;
  if (user.isSharedUser && user.ttid) return { kind: 'shared', tenantId: user.ttid, tenantName };
  return { kind: 'member' };
}

function parse(raw: string | null): LastSession | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    if (o.kind === 'member') return { kind: 'member' };
    if (o.kind === 'shared' && typeof o.tenantId === 'string' && o.tenantId) {
      return {
        kind: 'shared',
        tenantId: o.tenantId,
        tenantName: typeof o.tenantName === 'string' && o.tenantName ? o.tenantName : null,
      };
    }
  } catch {
    // Not ours, or damaged: as if nothing was remembered.
  }
  return null;
}

export function readLastSession(): LastSession | null {
  return parse(storage()?.getItem(KEY) ?? null);
}

export function rememberSession(session: LastSession): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage full or denied: the pages then fall back to the plain sign-in.
  }
}

export function forgetSession(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // See rememberSession.
  }
}
