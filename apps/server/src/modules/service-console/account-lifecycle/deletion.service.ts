/**
 * Deleting an account from the service console (docs/service-console.md, "Service console:
 * export and deletion"): scheduled only with a recent finished export in hand, after a grace
 * period of ACCOUNT_DELETION_GRACE_DAYS during which the account is suspended and can be given
 * back (cancel); then the periodic `service.account-deletion` job deletes it.
 *
 * What goes: the account row, and with it (ON DELETE CASCADE) every row that names it —
 * members, invitations, tenants and all under them, media, reports, exports…
 * What the cascade does not reach is deleted here first: the exports' files, live events, the
 * API keys' rate-limit counters, queued jobs naming the account, shared-access sessions on its
 * tenants, and `users.active_account_id` pointing at it. Users keep their user row (and their
 * other accounts). Analytics events, billing provider events and feedback keep their rows
 * with the account set to null (their foreign keys say so). A system-wide audit entry
 * `service.account_deleted` keeps the account's id and name. Its audit entries stay, with the
 * account's id (the audit log has no foreign keys: the hash chain must keep every entry).
 */
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_EXPORT_ERROR_CODES,
  ACCOUNT_EXPORT_LIMITS,
  deletionSuspensionReason,
  type AccountDeletion,
} from '@tenantry/shared';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import {
  accountDeletions,
  accounts,
  apiKeys,
  auditLog,
  liveEvents,
  rateLimits,
  sessions,
  tenants,
  users,
} from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { mailAccountOwners } from '../../members/owners.service.ts';
import type { Logger } from '../../../lib/jobs/index.ts';
import type { MailContext } from '../../../lib/mail/index.ts';
import { layout } from '../../../lib/mail/layout.ts';
import { recordAudit, recordSystemAudit } from '../../audit/audit.service.ts';
import type { BlobStore } from '../../../lib/storage/blob-store.ts';
import { storedKeysOf } from '../../storage/stored-files.service.ts';
import { evidencePackKeysOf } from '../../evidence-packs/evidence-packs.service.ts';
import { accountNotFound, exportKeysOf, recentDoneExport } from './exports.service.ts';

const DAY_MS = 86_400_000;
/** Accounts deleted per run of the job (the next run takes the rest). */
const DELETIONS_PER_RUN = 20;

type DeletionRow = typeof accountDeletions.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

function toDeletion(
  accountId: string,
  row: DeletionRow | null,
  canExport: boolean,
  now: Date,
): AccountDeletion {
  const blockedReason = row
    ? 'A deletion is already scheduled.'
    : canExport
      ? null
      : `Export the account first: a deletion needs an export finished in the last ${ACCOUNT_EXPORT_LIMITS.recentDays} days.`;
  return {
    accountId,
    scheduled: row
      ? {
          scheduledAt: row.scheduledAt.toISOString(),
          deleteAfter: row.deleteAfter.toISOString(),
          reason: row.reason,
          scheduledBy:
            row.scheduledBy || row.scheduledByEmail
              ? { id: row.scheduledBy, email: row.scheduledByEmail }
              : null,
        }
      : null,
    canSchedule: blockedReason === null,
    blockedReason,
    deleteAfterIfScheduledNow: new Date(
      now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS,
    ).toISOString(),
  };
}

async function deletionRow(db: Database | Tx, accountId: string): Promise<DeletionRow | null> {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.accountId, accountId));
  return row ?? null;
}

/** The account's deletion: scheduled or not, and whether it may be now. */
export async function getAccountDeletion(
  db: Database,
  accountId: string,
  now = new Date(),
): Promise<AccountDeletion> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw accountNotFound();
  const [row, recent] = await Promise.all([
    deletionRow(db, accountId),
    recentDoneExport(db, accountId, now),
  ]);
  return toDeletion(accountId, row, recent !== null, now);
}

/**
 * Schedules the deletion: 409 without a `done` export younger than recentDays (or when one is
 * scheduled already). Suspends the account meanwhile (keeping any earlier suspension to put
 * back on cancel), records it in the account's log and e-mails the owners.
 */
export async function scheduleAccountDeletion(
  db: Database,
  mail: MailContext,
  actor: Actor,
  accountId: string,
  reason: string,
  now = new Date(),
): Promise<AccountDeletion> {
  const deleteAfter = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const name = await db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw accountNotFound();
    if (await deletionRow(tx, accountId)) {
      throw new AppError(
        ACCOUNT_EXPORT_ERROR_CODES.alreadyScheduled,
        409,
        'The deletion of this account is already scheduled.',
      );
    }
    const recent = await recentDoneExport(tx, accountId, now);
    if (!recent) {
      throw new AppError(
        ACCOUNT_EXPORT_ERROR_CODES.exportRequired,
        409,
        `Export the account first: a deletion needs an export finished in the last ${ACCOUNT_EXPORT_LIMITS.recentDays} days.`,
      );
    }
    await tx.insert(accountDeletions).values({
      accountId,
      scheduledAt: now,
      deleteAfter,
      reason,
      scheduledBy: actor.userId,
      scheduledByEmail: actor.email,
      exportId: recent.id,
      priorSuspendedAt: account.suspendedAt,
      priorSuspendedReason: account.suspendedReason,
    });
    await tx
      .update(accounts)
      .set({
        suspendedAt: account.suspendedAt ?? now,
        suspendedReason: deletionSuspensionReason(deleteAfter),
      })
      .where(eq(accounts.id, accountId));
    await recordAudit(
      tx,
      { accountId, userId: actor.userId, email: actor.email },
      {
        action: 'service.account_deletion_scheduled',
        targetType: 'account',
        targetId: accountId,
        data: { deleteAfter: day(deleteAfter), reason, exportId: recent.id },
      },
    );
    return account.name;
  });
  await mailAccountOwners(db, mail, accountId, 'an account deletion e-mail', (to) =>
    layout(to, `Your Tenantry account “${name}” will be deleted on ${day(deleteAfter)}`, [
      `Our service team has scheduled the deletion of the account “${name}” on ${day(deleteAfter)}: every client tenant, assessment, report and member of it will be deleted then.`,
      `Reason: ${reason}`,
      'Until then the account is read-only. If this is a mistake, answer our support team before that date and the deletion will be canceled.',
    ]),
  );
  return getAccountDeletion(db, accountId, now);
}

/**
 * Cancels a scheduled deletion: the account gets back the suspension it had before (none: it
 * is restored), audited in its log; the owners are told.
 */
export async function cancelAccountDeletion(
  db: Database,
  mail: MailContext,
  actor: Actor,
  accountId: string,
  now = new Date(),
): Promise<AccountDeletion> {
  const name = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw accountNotFound();
    const [row] = await tx
      .delete(accountDeletions)
      .where(eq(accountDeletions.accountId, accountId))
      .returning();
    if (!row) {
      throw new AppError(
        ACCOUNT_EXPORT_ERROR_CODES.notScheduled,
        409,
        'No deletion of this account is scheduled.',
      );
    }
    await tx
      .update(accounts)
      .set({ suspendedAt: row.priorSuspendedAt, suspendedReason: row.priorSuspendedReason })
      .where(eq(accounts.id, accountId));
    await recordAudit(
      tx,
      { accountId, userId: actor.userId, email: actor.email },
      {
        action: 'service.account_deletion_canceled',
        targetType: 'account',
        targetId: accountId,
        data: { deleteAfter: day(row.deleteAfter), keptSuspension: row.priorSuspendedAt !== null },
      },
    );
    return account.name;
  });
  await mailAccountOwners(db, mail, accountId, 'an account deletion e-mail', (to) =>
    layout(to, `The deletion of your Tenantry account “${name}” was canceled`, [
      `Our service team canceled the scheduled deletion of the account “${name}”. Nothing was deleted.`,
    ]),
  );
  return getAccountDeletion(db, accountId, now);
}

/** Deletes queued jobs that name the account (pg-boss's table, when the queue runs here). */
async function dropQueuedJobs(tx: Tx, accountId: string): Promise<void> {
  const result = await tx.execute(sql`select to_regclass('pgboss.job') is not null as ok`);
  const [has] = (result as unknown as { rows: { ok: boolean }[] }).rows;
  if (!has?.ok) return;
  await tx.execute(
    sql`delete from pgboss.job where data->>'accountId' = ${accountId} and state in ('created', 'retry')`,
  );
}

/** Deletes one account whose grace has passed; false when it was canceled meanwhile. */
export async function deleteAccountNow(
  db: Database,
  store: BlobStore,
  accountId: string,
  now = new Date(),
): Promise<boolean> {
  // The bytes of its exports, of the files it kept (evidence) and of its evidence packs go
  // after its rows.
  const keys = [
    ...(await exportKeysOf(db, accountId)),
    ...(await storedKeysOf(db, accountId)),
    ...(await evidencePackKeysOf(db, accountId)),
  ];
  const deleted = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    const due = account ? await deletionRow(tx, accountId) : null;
    if (!account || !due || due.deleteAfter > now) return false;
    const [audit] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.accountId, accountId));
    const tenantIds = tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.accountId, accountId));
    const keyNames = tx
      .select({ key: sql<string>`'api-key:' || ${apiKeys.id}` })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId));
    await tx.delete(rateLimits).where(inArray(rateLimits.key, keyNames));
    await tx.delete(sessions).where(inArray(sessions.sharedTenantId, tenantIds));
    await tx.delete(liveEvents).where(eq(liveEvents.accountId, accountId));
    await tx
      .update(users)
      .set({ activeAccountId: null })
      .where(eq(users.activeAccountId, accountId));
    await dropQueuedJobs(tx, accountId);
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    await recordSystemAudit(tx, null, {
      action: 'service.account_deleted',
      targetType: 'account',
      targetId: accountId,
      accountId: null,
      data: {
        accountId,
        accountName: account.name,
        reason: due.reason,
        scheduledAt: due.scheduledAt.toISOString(),
        scheduledByEmail: due.scheduledByEmail,
        deleteAfter: due.deleteAfter.toISOString(),
        exportId: due.exportId,
        auditEntriesKept: Number(audit?.n ?? 0),
      },
    });
    return true;
  });
  if (deleted) {
    for (const key of keys) await store.delete(key);
  }
  return deleted;
}

/** The periodic job: deletes the accounts whose grace has passed; answers how many. */
export async function runDueDeletions(
  db: Database,
  store: BlobStore,
  logger: Logger,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ accountId: accountDeletions.accountId })
    .from(accountDeletions)
    .where(lte(accountDeletions.deleteAfter, now))
    .orderBy(asc(accountDeletions.deleteAfter))
    .limit(DELETIONS_PER_RUN);
  let n = 0;
  for (const { accountId } of due) {
    try {
      if (await deleteAccountNow(db, store, accountId, now)) n += 1;
    } catch (err) {
      logger.error({ err, accountId }, 'could not delete an account');
    }
  }
  return n;
}
