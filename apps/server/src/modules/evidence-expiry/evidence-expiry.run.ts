/**
 * Expiry notices of evidence (docs/evidence.md, "Expiry"): a periodic run e-mails each account's
 * owners — and a member who uploaded a file, about their own files on tenants they reach — a
 * summary of the evidence that started expiring (within EVIDENCE_LIMITS.expiringWithinDays) or
 * expired, at most once per file and state change.
 *
 * With several servers the queue keeps one run per hour; still, the notice rows are the claim:
 * each account's files are claimed by inserting their rows (unique per file, state and expiry
 * date) in one transaction before any e-mail is queued, so a second run claims nothing and
 * sends nothing. If queueing an e-mail fails, the account's claims are removed so a later run
 * sends them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { membershipReaches } from '../../auth/tenant-access.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/auth.ts';
import { evidenceFiles } from '../../db/schema/evidence.ts';
import { evidenceExpiryNotices } from '../../db/schema/evidence-expiry.ts';
import { tenants } from '../../db/schema/tenants.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { every } from '../../lib/jobs/periodic.ts';
import type { MailSender } from '../../lib/mail/index.ts';
import { expiryEmail, type NoticeFile } from './evidence-expiry.emails.ts';
import { expiringUntil } from './evidence-expiry.service.ts';

export const EXPIRY_QUEUE = 'evidence.expiry-notices';
/** E-mails go out from this hour of the UTC day on (not at midnight). */
export const EXPIRY_HOUR_UTC = 7;
const TICK_MS = 15 * 60_000;

interface DueFile extends NoticeFile {
  account_id: string;
  account_name: string;
  created_by: string | null;
}

interface Recipient {
  user_id: string;
  email: string;
  name: string;
  role: string;
  /** The tenants (of the files) this member reaches; owners reach all. */
  reaches: string[] | null;
}

/** Owners of the account, and the uploaders among its members with the tenants they reach. */
async function recipientsOf(db: Database, accountId: string, files: DueFile[]) {
  const uploaders = [...new Set(files.map((f) => f.created_by).filter((u) => u !== null))];
  const tenantIds = [...new Set(files.map((f) => f.tenant_id))];
  return queryRows<Recipient>(
    db,
    sql`select u.id as user_id, u.email, coalesce(nullif(u.name, ''), u.email) as name, m.role,
        case when m.role = 'owner' then null else array(
          select t.id from ${tenants} t
          where t.account_id = m.account_id and t.id in (${sql.join(
            tenantIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${membershipReaches('m', 't')}) end as reaches
      from ${memberships} m join ${users} u on u.id = m.user_id
      where m.account_id = ${accountId}
        and (m.role = 'owner' ${
          uploaders.length
            ? sql`or m.user_id in (${sql.join(
                uploaders.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        })
      order by u.id`,
  );
}

/** Claims and e-mails one account's notices; answers how many e-mails were queued. */
async function notifyAccount(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  files: DueFile[],
): Promise<number> {
  const accountId = files[0]!.account_id;
  const claimed = await db.transaction(async (tx) =>
    tx
      .insert(evidenceExpiryNotices)
      .values(
        files.map((f) => ({ accountId, evidenceId: f.id, state: f.state, expiresOn: f.expires })),
      )
      .onConflictDoNothing()
      .returning({ evidenceId: evidenceExpiryNotices.evidenceId }),
  );
  if (!claimed.length) return 0; // another run sent them meanwhile
  const mine = new Set(claimed.map((c) => c.evidenceId));
  const sending = files.filter((f) => mine.has(f.id));
  try {
    let sent = 0;
    for (const r of await recipientsOf(db, accountId, sending)) {
      const theirs =
        r.role === 'owner'
          ? sending
          : sending.filter((f) => f.created_by === r.user_id && r.reaches?.includes(f.tenant_id));
      if (!theirs.length) continue;
      await mailer.send(expiryEmail(r, files[0]!.account_name, theirs, publicUrl));
      sent += 1;
    }
    return sent;
  } catch (err) {
    await db.delete(evidenceExpiryNotices).where(
      and(
        eq(evidenceExpiryNotices.accountId, accountId),
        inArray(
          evidenceExpiryNotices.evidenceId,
          sending.map((f) => f.id),
        ),
      ),
    );
    throw err;
  }
}

/**
 * Sends the expiry notices due as of `now` that have not gone out; answers how many e-mails
 * were queued. Before EXPIRY_HOUR_UTC nothing is sent.
 */
export async function sendExpiryNotices(
  db: Database,
  mailer: MailSender,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  if (now.getUTCHours() < EXPIRY_HOUR_UTC) return 0;
  const today = now.toISOString().slice(0, 10);
  // Files of active tenants expiring by then whose notice of their present state (for this
  // expiry date) has not gone out.
  const rows = await queryRows<DueFile>(
    db,
    sql`select ef.id, ef.name, ef.tenant_id, t.name as tenant_name, ef.account_id,
        a.name as account_name, ef.created_by, to_char(ef.expires_on, 'YYYY-MM-DD') as expires,
        case when ef.expires_on < ${today}::date then 'expired' else 'expiring' end as state
      from ${evidenceFiles} ef
      join ${tenants} t on t.id = ef.tenant_id and t.account_id = ef.account_id
      join ${accounts} a on a.id = ef.account_id
      where ef.expires_on is not null and ef.expires_on <= ${expiringUntil(today)}::date
        and t.archived_at is null
        and not exists (select 1 from ${evidenceExpiryNotices} n
          where n.evidence_id = ef.id and n.expires_on = ef.expires_on
            and n.state = case when ef.expires_on < ${today}::date then 'expired' else 'expiring' end)
      order by ef.account_id, ef.expires_on, ef.id`,
  );
  const byAccount = new Map<string, DueFile[]>();
  for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r]);
  let sent = 0;
  for (const files of byAccount.values()) sent += await notifyAccount(db, mailer, publicUrl, files);
  return sent;
}

/** Registers the worker and starts this process's timer; the returned function stops it. */
export async function startEvidenceExpiry(opts: {
  db: Database;
  jobs: Jobs;
  mailer: MailSender;
  publicUrl: string;
  logger: Logger;
}): Promise<() => void> {
  const { db, mailer, publicUrl } = opts;
  return every(opts.jobs, opts.logger, {
    queue: EXPIRY_QUEUE,
    everyMs: TICK_MS,
    singletonSeconds: 3600,
    run: (now) => sendExpiryNotices(db, mailer, publicUrl, now),
    did: 'sent evidence expiry notices',
  });
}
