/**
 * A system admin resets anyone's lost second factors (docs/identity.md): the user's
 * authenticator app and passkeys are removed and their sessions ended, audited system-wide
 * (`service.second_factors_reset`) and e-mailed to the user. Not one's own (admin/security
 * does that, with the password): 409.
 */
import { SECOND_FACTOR_ERROR_CODES, type SecondFactorReset } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { removeSecondFactors, sendResetNotice } from '../../identity/second-factors.service.ts';
import { audit, userNotFound, type ActionContext } from './users.service.ts';

export async function resetUserSecondFactors(
  db: Database,
  mail: MailContext,
  ctx: ActionContext,
  userId: string,
): Promise<SecondFactorReset> {
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw userNotFound();
    if (user.id === ctx.actor.userId) {
      throw new AppError(
        SECOND_FACTOR_ERROR_CODES.resetRefused,
        403,
        'Manage your own second factors under Security, with your password.',
      );
    }
    const removed = await removeSecondFactors(tx, userId);
    await audit(tx, ctx, 'service.second_factors_reset', user, {
      totpRemoved: removed.totpRemoved,
      passkeysRemoved: removed.passkeysRemoved,
      sessionsEnded: removed.sessionIds.length,
    });
    return { ...removed, email: user.email };
  });
  ctx.forgetSessions(result.sessionIds);
  await sendResetNotice(mail, result.email, 'The Tenantry support team');
  return {
    userId,
    totpRemoved: result.totpRemoved,
    passkeysRemoved: result.passkeysRemoved,
    sessionsEnded: result.sessionIds.length,
  };
}
