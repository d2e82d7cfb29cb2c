import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordSystemAudit } from '../audit/audit.service.ts';

export type SystemFlag = 'isSystemAdmin' | 'isSystemDev';

/**
 * Sets or clears a system flag by e-mail (CLI grant/revoke). Returns false for an unknown
 * address.
 */
export async function setSystemFlag(
  db: Database,
  email: string,
  flag: SystemFlag,
  value: boolean,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ [flag]: value, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** SYSTEM_ADMIN_EMAILS: promotes the user when their address is listed (no-op otherwise). */
export async function promoteListedAdmin(
  db: Database,
  userId: string,
  listed: readonly string[],
): Promise<void> {
  if (listed.length === 0) return;
  await db
    .update(users)
    .set({ isSystemAdmin: true, updatedAt: new Date() })
    .where(
      sql`${users.id} = ${userId} and not ${users.isSystemAdmin} and lower(${users.email}) in (${sql.join(
        listed.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
}

/** Marks an address as proven (CLI verify-email). Returns false for an unknown address. */
export async function markEmailVerified(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function countUsers(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

/**
 * The CLI's grant-admin / revoke-admin / grant-dev / revoke-dev: sets the flag by e-mail and,
 * when it changed, records `service.role_granted` or `service.role_revoked` system-wide with no
 * actor (the command line; `data.via: 'cli'`). Returns false for an unknown address.
 */
export async function setSystemFlagFromCli(
  db: Database,
  email: string,
  flag: SystemFlag,
  value: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, current: users[flag] })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update');
    if (!user) return false;
    if (user.current === value) return true;
    await tx
      .update(users)
      .set({ [flag]: value, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordSystemAudit(tx, null, {
      action: value ? 'service.role_granted' : 'service.role_revoked',
      targetType: 'user',
      targetId: user.id,
      data: {
        email: user.email,
        role: flag === 'isSystemAdmin' ? 'admin' : 'developer',
        via: 'cli',
      },
    });
    return true;
  });
}
