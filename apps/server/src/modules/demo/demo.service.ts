import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ensureOwnAccount } from '../accounts/accounts.service.ts';
import { countUsers } from '../users/users.service.ts';

export const DEMO_EMAIL = 'demo@tenantry.local';
export const DEMO_PASSWORD = 'tenantry-demo';
export const DEMO_NAME = 'Demo User';

/**
 * On an empty database, creates the demo user (e-mail verified, password hashed by Better
 * Auth) with their own account. Returns true when it created them.
 */
export async function seedDemoData(db: Database, auth: Auth): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: DEMO_EMAIL,
      name: DEMO_NAME,
      emailVerified: true,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(DEMO_PASSWORD),
  });
  // The user.create.after hook made the account already; this is a no-op then.
  await ensureOwnAccount(db, { id: user.id, name: DEMO_NAME, email: DEMO_EMAIL });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return true;
}

/** The box printed on start when the demo user exists. */
export function demoBanner(url: string, created: boolean): string {
  const lines = [
    created ? 'Tenantry demo data created.' : 'Tenantry demo user:',
    '',
    `  Open:      ${url}`,
    `  E-mail:    ${DEMO_EMAIL}`,
    `  Password:  ${DEMO_PASSWORD}`,
    '',
    'Make yourself a system admin:',
    `  npm run cli -- grant-admin ${DEMO_EMAIL}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '─'.repeat(width);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width - 1)}│`), `└${bar}┘`].join('\n');
}
