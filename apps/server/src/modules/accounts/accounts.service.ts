import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/index.ts';

export function ownAccountName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim() || user.email.split('@')[0] || user.email;
  return `${name}'s account`;
}

/**
 * Creates the user's own account with the user as owner, unless they already own one.
 * Idempotent and safe under concurrency (a transaction-scoped advisory lock per user), so it
 * can run from Better Auth's after-create hook and again as a repair from loadClaims.
 * Returns the id of the owned account.
 */
export async function ensureOwnAccount(
  db: Database,
  user: { id: string; name?: string | null; email: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`own-account:${user.id}`}))`);
    const existing = await tx
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'owner')))
      .limit(1);
    if (existing[0]) return existing[0].accountId;
    const accountId = randomUUID();
    await tx.insert(accounts).values({ id: accountId, name: ownAccountName(user) });
    await tx.insert(memberships).values({ accountId, userId: user.id, role: 'owner' });
    return accountId;
  });
}
