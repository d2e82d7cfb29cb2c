/**
 * Dunning e-mails (docs/billing.md, "Past due"): to the account's owners when a payment fails,
 * DUNNING_REMINDER_DAYS before the grace period ends, and when it has ended (the account is then
 * read-only, never deleted). Each goes out once per past-due period: a row in `billing_notices`
 * is inserted before the e-mail is queued and removed again if queueing fails.
 *
 * The two later ones are found by a periodic run that every server process asks the job queue
 * for, de-duplicated to one per hour (as the remediation reminders are).
 */
import { DUNNING_REMINDER_DAYS, formatMoney } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingNotices, subscriptions } from '../../db/schema/billing.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import type { MailMessage, MailSender } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';
import { every } from '../../lib/jobs/periodic.ts';
import { accountOwnerEmails } from '../members/owners.service.ts';

export const DUNNING_QUEUE = 'billing.dunning';
const TICK_MS = 15 * 60_000;

export type DunningKind = 'failed' | 'grace_ending' | 'grace_ended';

interface DunningFacts {
  accountName: string;
  amountDue: number;
  currency: string;
  graceEndsAt: Date;
}

const day = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function dunningEmail(
  to: string,
  kind: DunningKind,
  facts: DunningFacts,
  publicUrl: string,
): MailMessage {
  const amount = formatMoney(facts.amountDue, facts.currency);
  const link = { url: `${publicUrl}/admin/billing`, label: 'Update payment method' };
  if (kind === 'failed') {
    return layout(
      to,
      `Payment failed for ${facts.accountName}`,
      [
        `We could not take the payment of ${amount} for ${facts.accountName}.`,
        `Everything keeps working until ${day(facts.graceEndsAt)}. Please update the payment method before then; after that date the account becomes read-only until the payment goes through. Nothing is deleted.`,
      ],
      link,
    );
  }
  if (kind === 'grace_ending') {
    return layout(
      to,
      `${facts.accountName} becomes read-only on ${day(facts.graceEndsAt)}`,
      [
        `The payment of ${amount} for ${facts.accountName} is still due.`,
        `On ${day(facts.graceEndsAt)} the account becomes read-only: everyone can still read, nobody can change anything until the payment goes through. Nothing is deleted.`,
      ],
      link,
    );
  }
  return layout(
    to,
    `${facts.accountName} is read-only until the payment goes through`,
    [
      `The payment of ${amount} for ${facts.accountName} is overdue and the grace period has ended.`,
      'The account is read-only now: its data is kept and can be read, and everything works again as soon as the payment goes through.',
    ],
    link,
  );
}

/**
 * Sends the `kind` e-mail of the past-due period that began at `since` to the owners, unless it
 * went out already; answers whether it was sent now.
 */
export async function sendDunningNotice(
  ctx: { db: Database; mailer: MailSender; publicUrl: string },
  accountId: string,
  kind: DunningKind,
  since: Date,
): Promise<boolean> {
  const { db, mailer, publicUrl } = ctx;
  const [facts] = await db
    .select({
      accountName: accounts.name,
      amountDue: subscriptions.amountDue,
      currency: subscriptions.currency,
      graceEndsAt: subscriptions.graceEndsAt,
    })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(eq(subscriptions.accountId, accountId));
  if (!facts?.graceEndsAt) return false;
  const periodKey = since.toISOString();
  const [claimed] = await db
    .insert(billingNotices)
    .values({ accountId, kind, periodKey })
    .onConflictDoNothing()
    .returning({ kind: billingNotices.kind });
  if (!claimed) return false;
  try {
    for (const to of await accountOwnerEmails(db, accountId)) {
      await mailer.send(
        dunningEmail(to, kind, { ...facts, graceEndsAt: facts.graceEndsAt }, publicUrl),
      );
    }
  } catch (err) {
    await db
      .delete(billingNotices)
      .where(
        and(
          eq(billingNotices.accountId, accountId),
          eq(billingNotices.kind, kind),
          eq(billingNotices.periodKey, periodKey),
        ),
      );
    throw err;
  }
  return true;
}

/** Sends the reminders and end-of-grace e-mails that are due; answers how many went out. */
export async function sendDueDunning(
  ctx: { db: Database; mailer: MailSender; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const rows = await queryRows<{ account_id: string; since: Date | string; ended: boolean }>(
    ctx.db,
    sql`select s.account_id, s.past_due_since as since, s.grace_ends_at <= ${now} as ended
      from ${subscriptions} s
      where s.status = 'past_due' and s.comped_plan is null and s.past_due_since is not null
        and s.grace_ends_at <= ${now}::timestamptz + make_interval(days => ${DUNNING_REMINDER_DAYS})`,
  );
  let sent = 0;
  for (const r of rows) {
    const kind: DunningKind = r.ended ? 'grace_ended' : 'grace_ending';
    if (await sendDunningNotice(ctx, r.account_id, kind, new Date(r.since))) sent += 1;
  }
  return sent;
}

/** Registers the worker and starts this process's timer; the returned function stops it. */
export async function startDunning(opts: {
  db: Database;
  jobs: Jobs;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}): Promise<() => void> {
  return every(opts.jobs, opts.logger, {
    queue: DUNNING_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: () => sendDueDunning(opts),
    did: 'sent dunning e-mails',
  });
}
