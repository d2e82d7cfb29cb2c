/**
 * The account's owners as recipients: of the e-mails that announce what staff or billing did to
 * the account (suspension, support access, deletion, dunning).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { memberships, users } from '../../db/schema/index.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import type { layout } from '../../lib/mail/layout.ts';

/** The e-mail addresses of the account's owners, in order. */
export async function accountOwnerEmails(db: Database | Tx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

/**
 * Mails every owner of the account the message `build` makes for them. A failed send is logged
 * (as `what`), never thrown: the change the e-mail announces is saved already.
 */
export async function mailAccountOwners(
  db: Database,
  mail: MailContext,
  accountId: string,
  what: string,
  build: (to: string) => ReturnType<typeof layout>,
): Promise<void> {
  for (const to of await accountOwnerEmails(db, accountId)) {
    try {
      await mail.mailer.send(build(to));
    } catch (err) {
      mail.log.warn({ err }, `could not send ${what}`);
    }
  }
}
