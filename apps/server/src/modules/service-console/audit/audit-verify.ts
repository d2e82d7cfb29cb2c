/**
 * Verifying the audit log's hash chain (docs/service-console.md, "Service console: audit") by a
 * background job, so that a chain of millions of entries is never walked inside a request: a
 * system admin asks (POST /service/audit/verify answers the verification queued, or the one
 * already on its way), the `service.audit-verify` job walks the chain writing its progress into
 * `audit_verifications`, and the audit tab polls GET /service/audit/verify until it is done.
 * The result is audited (`service.audit_verified`) in the name of the one who asked.
 */
import { randomUUID } from 'node:crypto';
import type { AuditVerification } from '@tenantry/shared';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import { auditVerifications } from '../../../db/schema/index.ts';
import type { Jobs, Logger } from '../../../lib/jobs/index.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';
import { verifyAuditChain } from './audit-chain.ts';

export const AUDIT_VERIFY_QUEUE = 'service.audit-verify';
export type AuditVerifyJob = { verificationId: string };

/** Progress is written at most this often (and at the start and the end). */
const PROGRESS_EVERY_MS = 1000;
/**
 * A verification whose job has not written for this long was cut short (its server stopped
 * and pg-boss has not retried it yet, or gave up): a new request replaces it.
 */
const STALE_MS = 5 * 60_000;
const STALE_ERROR = 'The verification stopped before it finished. Ask for a new one.';
const FAILED_ERROR = 'The verification could not be run. Ask for a new one.';

type Row = typeof auditVerifications.$inferSelect;
const ACTIVE = ['queued', 'running'] as const;

function toVerification(r: Row): AuditVerification {
  return {
    id: r.id,
    state: r.state,
    checked: Math.min(r.checked, r.total),
    total: r.total,
    result: r.result ?? null,
    error: r.error,
    requestedBy: r.requestedByEmail,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Marks the active verification failed when its job stopped writing (STALE_MS). */
async function failStale(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STALE_MS);
  await db
    .update(auditVerifications)
    .set({ state: 'failed', error: STALE_ERROR, finishedAt: now })
    .where(
      and(
        inArray(auditVerifications.state, [...ACTIVE]),
        or(
          lt(auditVerifications.heartbeatAt, before),
          and(
            sql`${auditVerifications.heartbeatAt} is null`,
            lt(auditVerifications.createdAt, before),
          ),
        ),
      ),
    );
}

/**
 * POST /service/audit/verify: queues a verification, or answers the one on its way (`created`
 * false). Two admins asking at once get the same one (a partial unique index allows one active
 * row).
 */
export async function requestAuditVerification(
  db: Database,
  jobs: Jobs,
  actor: Actor,
  ipAddress: string | null,
): Promise<{ created: boolean; verification: AuditVerification }> {
  const now = new Date();
  await failStale(db, now);
  const [inserted] = await db
    .insert(auditVerifications)
    .values({
      id: randomUUID(),
      requestedBy: actor.userId,
      requestedByEmail: actor.email,
      ipAddress,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [active] = await db
      .select()
      .from(auditVerifications)
      .where(inArray(auditVerifications.state, [...ACTIVE]));
    // Finished between the insert and this read: that one is the answer.
    const shown = active ?? (await latestRow(db));
    if (!shown) throw new Error('audit verification: none active and none finished');
    return { created: false, verification: toVerification(shown) };
  }
  try {
    await jobs.send<AuditVerifyJob>(
      AUDIT_VERIFY_QUEUE,
      { verificationId: inserted.id },
      { retryLimit: 2, retryDelay: 5, expireInSeconds: 60 * 60 },
    );
  } catch (err) {
    await db
      .update(auditVerifications)
      .set({ state: 'failed', error: 'The verification could not be queued.', finishedAt: now })
      .where(eq(auditVerifications.id, inserted.id));
    throw err;
  }
  const [row] = await db
    .select()
    .from(auditVerifications)
    .where(eq(auditVerifications.id, inserted.id));
  return { created: true, verification: toVerification(row ?? inserted) };
}

async function latestRow(db: Database): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(auditVerifications)
    .orderBy(desc(auditVerifications.createdAt), desc(auditVerifications.id))
    .limit(1);
  return row;
}

/** GET /service/audit/verify: the latest verification (null before the first). */
export async function latestAuditVerification(db: Database): Promise<AuditVerification | null> {
  await failStale(db, new Date());
  const row = await latestRow(db);
  return row ? toVerification(row) : null;
}

/**
 * The job: takes the verification up (a repeated job starts it again from the first entry),
 * walks the chain writing its progress, then writes the result and audits it. A failure marks
 * it failed; a database failure while finishing throws, so pg-boss runs it again.
 */
export async function runAuditVerification(
  db: Database,
  logger: Logger,
  job: AuditVerifyJob,
): Promise<void> {
  const mine = and(
    eq(auditVerifications.id, job.verificationId),
    inArray(auditVerifications.state, [...ACTIVE]),
  );
  const [row] = await db
    .update(auditVerifications)
    .set({
      state: 'running',
      checked: 0,
      heartbeatAt: new Date(),
      runs: sql`${auditVerifications.runs} + 1`,
    })
    .where(mine)
    .returning();
  if (!row) return; // finished already (a repeated job), or replaced as stale
  const started = Date.now();
  let written = 0;
  let result;
  try {
    result = await verifyAuditChain(db, {
      onProgress: async (checked, total) => {
        const at = Date.now();
        if (checked !== 0 && checked !== total && at - written < PROGRESS_EVERY_MS) return;
        written = at;
        await db
          .update(auditVerifications)
          .set({ checked, total, heartbeatAt: new Date(at) })
          .where(mine);
      },
    });
  } catch (err) {
    logger.error({ err, verificationId: row.id }, 'could not verify the audit chain');
    await db
      .update(auditVerifications)
      .set({ state: 'failed', error: FAILED_ERROR, finishedAt: new Date() })
      .where(mine);
    return;
  }
  await db.transaction(async (tx) => {
    const done = await tx
      .update(auditVerifications)
      .set({ state: 'done', result, checked: result.checked, finishedAt: new Date() })
      .where(mine)
      .returning({ id: auditVerifications.id });
    if (done.length === 0) return; // replaced as stale meanwhile
    await recordSystemAudit(
      tx,
      { userId: row.requestedBy, email: row.requestedByEmail },
      {
        action: 'service.audit_verified',
        targetType: 'audit_log',
        targetId: row.id,
        data: { ...result },
        ipAddress: row.ipAddress,
      },
    );
  });
  logger.info(
    { verificationId: row.id, ok: result.ok, checked: result.checked, ms: Date.now() - started },
    'audit chain verified',
  );
}

/** Registers this process's worker of `service.audit-verify` (server and tests). */
export async function registerAuditVerification(opts: {
  db: Database;
  jobs: Jobs;
  logger: Logger;
}): Promise<void> {
  const { db, jobs, logger } = opts;
  await jobs.work<AuditVerifyJob>(AUDIT_VERIFY_QUEUE, (job) =>
    runAuditVerification(db, logger, job),
  );
}
