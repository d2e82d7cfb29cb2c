/**
 * The users tab's two e-mails (docs/service-console.md, "Service console: users"): a new
 * verification link and a password reset link, both Better Auth's own (the ones "send the link
 * again" and the forgot-password page ask for), each audited system-wide.
 */
import { SERVICE_USER_ERROR_CODES, type ServiceUserActionResult } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../../auth/auth.ts';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { audit, refuse, userNotFound, type ActionContext } from './users.service.ts';

/** Where a verification link lands once followed (the web's /verify-email page). */
const VERIFIED_CALLBACK_URL = '/verify-email?status=verified';
/** The web page a reset link opens (the "forgot password" flow's). */
const RESET_PASSWORD_PATH = '/reset-password';

/** The user's e-mail, or 404. */
async function readUser(db: Database, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw userNotFound();
  return user;
}

/**
 * POST /service/users/{userId}/verification: e-mails a new verification link (Better Auth's
 * own, as "send the link again" does) to an address not verified yet.
 */
export async function resendVerification(
  db: Database,
  auth: Auth,
  ctx: ActionContext,
  userId: string,
): Promise<ServiceUserActionResult> {
  const user = await readUser(db, userId);
  if (user.emailVerified) {
    throw refuse(SERVICE_USER_ERROR_CODES.alreadyVerified, 'This address is verified already.');
  }
  await auth.api.sendVerificationEmail({
    body: { email: user.email, callbackURL: VERIFIED_CALLBACK_URL },
  });
  await db.transaction((tx) => audit(tx, ctx, 'service.verification_resent', user));
  return { sessionsEnded: 0 };
}

/**
 * POST /service/users/{userId}/password-reset: e-mails a password reset link, the one the
 * "forgot password" page asks for (Better Auth's request-password-reset). Setting a new
 * password ends the user's sessions (revokeSessionsOnPasswordReset).
 */
export async function sendPasswordReset(
  db: Database,
  auth: Auth,
  ctx: ActionContext,
  userId: string,
): Promise<ServiceUserActionResult> {
  const user = await readUser(db, userId);
  await auth.api.requestPasswordReset({
    body: { email: user.email, redirectTo: RESET_PASSWORD_PATH },
  });
  await db.transaction((tx) => audit(tx, ctx, 'service.password_reset_sent', user));
  return { sessionsEnded: 0 };
}
