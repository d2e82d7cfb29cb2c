import {
  SECOND_FACTOR_KINDS,
  SIGN_IN_METHODS,
  type SecondFactorKind,
  type SessionInfo,
  type SignInMethod,
} from '@tenantry/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { SessionState } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The caller's own sessions, most recently active first. */
export async function listSessions(db: Database, scope: SessionState): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      sharedTenantId: sessions.sharedTenantId,
      expiresAt: sessions.expiresAt,
      signInMethod: sessions.signInMethod,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .where(eq(sessions.userId, scope.userId))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt))
    // A person has a handful of sessions; this bounds the answer.
    .limit(200);
  const now = Date.now();
  return rows
    .filter((r) => r.expiresAt.getTime() > now)
    .map((r) => ({
      id: r.id,
      current: r.id === scope.sessionId,
      shared: r.sharedTenantId !== null,
      userAgent: r.userAgent,
      ipAddress: r.ipAddress,
      createdAt: r.createdAt.toISOString(),
      lastActiveAt: r.lastActiveAt.toISOString(),
      signInMethod: oneOf(SIGN_IN_METHODS, r.signInMethod) as SignInMethod | null,
      secondFactor: oneOf(SECOND_FACTOR_KINDS, r.secondFactor) as SecondFactorKind | null,
    }));
}

/** `value` when it is one of `known` (a column written by the app only), else null. */
function oneOf(known: readonly string[], value: string | null): string | null {
  return value !== null && known.includes(value) ? value : null;
}

/**
 * Ends one of the caller's sessions (its next request is refused, on any server). Another
 * person's session id is simply not found.
 */
export async function endSession(db: Database, scope: SessionState, id: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, scope.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('There is no such session of yours.');
}

/** Ends every session of the caller but this one; answers how many ended. */
export async function endOtherSessions(db: Database, scope: SessionState): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, scope.userId), ne(sessions.id, scope.sessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Changes the caller's display name (already trimmed and limited by the schema). */
export async function updateProfile(
  db: Database,
  scope: SessionState,
  input: { displayName: string },
): Promise<void> {
  await db
    .update(users)
    .set({ name: input.displayName, updatedAt: new Date() })
    .where(eq(users.id, scope.userId));
}
