/**
 * Exports of an account by the service console (docs/service-console.md, "Service console:
 * export and deletion"): ask for one (a `queued` row, audited in the account's log, and a
 * `service.account-export` job), list them with their progress, download a finished one. The
 * job (runAccountExport) writes the ZIP into the file store and its progress into the row; the
 * row is the only state, so any server process runs the job and any answers the polling.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_EXPORT_ERROR_CODES,
  ACCOUNT_EXPORT_LIMITS,
  ACTIVE_ACCOUNT_EXPORT_STATUSES,
  type AccountExport,
  type AccountExportList,
} from '@tenantry/shared';
import { and, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Actor } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { accountExports, accounts } from '../../../db/schema/index.ts';
import { fileNameOf } from '../../../lib/csv.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Jobs, Logger } from '../../../lib/jobs/index.ts';
import type { BlobStore } from '../../../lib/storage/blob-store.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { ZipTooLarge } from '../../../lib/storage/zip-writer.ts';
import { writeAccountExport, type ExportOptions } from './export-zip.ts';

export const EXPORT_QUEUE = 'service.account-export';
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export const STALE_ERROR = 'The export took too long and was stopped. Ask for a new one.';
export const FAILED_ERROR = 'The export could not be made. Ask for a new one.';
/** Progress is written at most this often (plus at the start and the end). */
const PROGRESS_EVERY_MS = 500;

/** What a `service.account-export` job carries. */
export interface ExportJob {
  exportId: string;
  accountId: string;
}

type Row = typeof accountExports.$inferSelect;

export const exportNotFound = () =>
  new AppError(
    ACCOUNT_EXPORT_ERROR_CODES.notFound,
    404,
    'There is no such export of this account.',
  );
export const accountNotFound = () => notFound('There is no such account.');

const isStale = (r: Pick<Row, 'status' | 'createdAt'>, now: Date) =>
  (ACTIVE_ACCOUNT_EXPORT_STATUSES as readonly string[]).includes(r.status) &&
  now.getTime() - r.createdAt.getTime() > ACCOUNT_EXPORT_LIMITS.staleMinutes * MINUTE_MS;

/** The row as the API shows it (one on its way past staleMinutes has failed). */
export function toAccountExport(r: Row, now = new Date()): AccountExport {
  const stale = isStale(r, now);
  return {
    id: r.id,
    accountId: r.accountId,
    status: stale ? 'failed' : r.status,
    progress: { done: Math.min(r.progressDone, r.progressTotal), total: r.progressTotal },
    error: stale ? STALE_ERROR : r.error,
    bytes: r.bytes,
    sha256: r.sha256,
    fileName: r.fileName,
    requestedBy:
      r.requestedBy || r.requestedByEmail ? { id: r.requestedBy, email: r.requestedByEmail } : null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
  };
}

async function lockAccount(tx: Tx, accountId: string) {
  const [account] = await tx
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  if (!account) throw accountNotFound();
  return account;
}

/**
 * Asks for an export: answers the one already on its way (`created: false`), or a new
 * `queued` one, audited in the account's log, whose job is then sent.
 */
export async function requestAccountExport(
  db: Database,
  jobs: Jobs,
  actor: Actor,
  accountId: string,
  now = new Date(),
): Promise<{ created: boolean; export: AccountExport }> {
  const result = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const active = await tx
      .select()
      .from(accountExports)
      .where(
        and(
          eq(accountExports.accountId, accountId),
          inArray(accountExports.status, [...ACTIVE_ACCOUNT_EXPORT_STATUSES]),
        ),
      );
    for (const r of active) {
      if (!isStale(r, now)) return { created: false, row: r };
      await tx
        .update(accountExports)
        .set({ status: 'failed', error: STALE_ERROR, finishedAt: now })
        .where(eq(accountExports.id, r.id));
    }
    const [row] = await tx
      .insert(accountExports)
      .values({
        id: randomUUID(),
        accountId,
        requestedBy: actor.userId,
        requestedByEmail: actor.email,
        fileName: fileNameOf(
          `tenantry-export ${account.name} ${now.toISOString().slice(0, 10)}`,
          'zip',
        ),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_EXPORT_LIMITS.keepDays * DAY_MS),
      })
      .returning();
    await recordAudit(
      tx,
      { accountId, userId: actor.userId, email: actor.email },
      {
        action: 'service.account_export_requested',
        targetType: 'account_export',
        targetId: row!.id,
        data: { exportId: row!.id },
      },
    );
    return { created: true, row: row! };
  });
  if (result.created) {
    const job: ExportJob = { exportId: result.row.id, accountId };
    try {
      await jobs.send(EXPORT_QUEUE, job, {
        retryLimit: 2,
        retryDelay: 30,
        expireInSeconds: ACCOUNT_EXPORT_LIMITS.staleMinutes * 60,
      });
    } catch (err) {
      await db
        .update(accountExports)
        .set({ status: 'failed', error: 'The export could not be queued.', finishedAt: new Date() })
        .where(eq(accountExports.id, result.row.id));
      throw err;
    }
  }
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, result.row.id));
  return { created: result.created, export: toAccountExport(row ?? result.row) };
}

/** The account's exports, newest first (ACCOUNT_EXPORT_LIMITS.listed at most). */
export async function listAccountExports(
  db: Database,
  accountId: string,
): Promise<AccountExportList> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw accountNotFound();
  const rows = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.accountId, accountId))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(ACCOUNT_EXPORT_LIMITS.listed);
  const now = new Date();
  return { items: rows.map((r) => toAccountExport(r, now)) };
}

/** A finished, unexpired export of the account, to download; 404 or 409 otherwise. */
export async function accountExportFile(
  db: Database,
  accountId: string,
  exportId: string,
  now = new Date(),
): Promise<{ fileName: string; bytes: number; blobKey: string }> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.id, exportId), eq(accountExports.accountId, accountId)));
  if (!row) throw exportNotFound();
  if (row.status === 'done' && row.blobKey && row.bytes !== null && row.expiresAt > now) {
    return { fileName: row.fileName, bytes: row.bytes, blobKey: row.blobKey };
  }
  const shown = toAccountExport(row, now);
  throw new AppError(
    ACCOUNT_EXPORT_ERROR_CODES.notReady,
    409,
    shown.status === 'failed'
      ? (shown.error ?? FAILED_ERROR)
      : shown.status === 'done'
        ? 'This export has expired. Ask for a new one.'
        : 'The export is not ready yet. Ask again in a moment.',
    undefined,
    { status: shown.status, progress: shown.progress },
  );
}

/**
 * Runs one export: claims the row under a new file key (a run pg-boss repeats takes it over;
 * the earlier run then cannot finish the row and removes its own file), writes the ZIP and its
 * progress, and marks it done. A failure to build it marks it failed; a database failure while
 * finishing throws, so pg-boss runs it again.
 */
export async function runAccountExport(
  db: Database,
  store: BlobStore,
  logger: Logger,
  job: ExportJob,
  options: Omit<ExportOptions, 'onProgress'> = {},
): Promise<void> {
  const key = `account-exports/${job.exportId}/${randomUUID()}`;
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ blobKey: accountExports.blobKey, name: accounts.name })
      .from(accountExports)
      .innerJoin(accounts, eq(accounts.id, accountExports.accountId))
      .where(
        and(
          eq(accountExports.id, job.exportId),
          eq(accountExports.accountId, job.accountId),
          inArray(accountExports.status, [...ACTIVE_ACCOUNT_EXPORT_STATUSES]),
        ),
      )
      .for('update', { of: accountExports });
    if (!row) return null;
    await tx
      .update(accountExports)
      .set({ status: 'running', startedAt: new Date(), blobKey: key })
      .where(eq(accountExports.id, job.exportId));
    return row;
  });
  if (!claimed) return; // deleted with its account, or finished (a repeated job)
  if (claimed.blobKey) await store.delete(claimed.blobKey); // what an earlier run left
  const mine = and(eq(accountExports.id, job.exportId), eq(accountExports.blobKey, key));
  const out = await store.createWriter(key);
  let written = 0;
  const started = Date.now();
  let stored;
  try {
    const manifest = await writeAccountExport(
      db,
      out,
      { ...job, accountName: claimed.name },
      {
        ...options,
        onProgress: async (done, total) => {
          const at = Date.now();
          if (done !== total && done !== 0 && at - written < PROGRESS_EVERY_MS) return;
          written = at;
          await db
            .update(accountExports)
            .set({ progressDone: done, progressTotal: total })
            .where(mine);
        },
      },
    );
    stored = await out.finish();
    logger.info(
      { exportId: job.exportId, bytes: stored.bytes, files: manifest.files.length },
      'account export written',
    );
  } catch (err) {
    await out.abort();
    logger.error({ err, exportId: job.exportId }, 'could not export an account');
    await db
      .update(accountExports)
      .set({
        status: 'failed',
        error: err instanceof ZipTooLarge ? err.message : FAILED_ERROR,
        finishedAt: new Date(),
      })
      .where(mine);
    return;
  }
  const done = await db
    .update(accountExports)
    .set({ status: 'done', bytes: stored.bytes, sha256: stored.sha256, finishedAt: new Date() })
    .where(and(mine, eq(accountExports.status, 'running')))
    .returning({ id: accountExports.id });
  if (done.length === 0) await store.delete(key); // another run took it over
  logger.info({ exportId: job.exportId, ms: Date.now() - started }, 'account export done');
}

/**
 * The periodic clean-up: exports on their way past staleMinutes are failed, and exports past
 * their expiry are deleted with their file, as are the files of failed ones. Answers how many
 * rows were deleted.
 */
export async function pruneAccountExports(
  db: Database,
  store: BlobStore,
  now = new Date(),
): Promise<number> {
  const stale = new Date(now.getTime() - ACCOUNT_EXPORT_LIMITS.staleMinutes * MINUTE_MS);
  await db
    .update(accountExports)
    .set({ status: 'failed', error: STALE_ERROR, finishedAt: now })
    .where(
      and(
        inArray(accountExports.status, [...ACTIVE_ACCOUNT_EXPORT_STATUSES]),
        lt(accountExports.createdAt, stale),
      ),
    );
  const failed = await db
    .select({ id: accountExports.id, key: accountExports.blobKey })
    .from(accountExports)
    .where(and(eq(accountExports.status, 'failed'), isNotNull(accountExports.blobKey)));
  for (const f of failed) {
    await store.delete(f.key!);
    await db.update(accountExports).set({ blobKey: null }).where(eq(accountExports.id, f.id));
  }
  const gone = await db
    .delete(accountExports)
    .where(lt(accountExports.expiresAt, now))
    .returning({ key: accountExports.blobKey });
  for (const g of gone) if (g.key) await store.delete(g.key);
  return gone.length;
}

/** The file keys of the account's exports (deleted with the account). */
export async function exportKeysOf(db: Database | Tx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ key: accountExports.blobKey })
    .from(accountExports)
    .where(and(eq(accountExports.accountId, accountId), isNotNull(accountExports.blobKey)));
  return rows.map((r) => r.key!);
}

/** A `done` export of the account younger than recentDays, if any (the newest). */
export async function recentDoneExport(
  db: Database | Tx,
  accountId: string,
  now = new Date(),
): Promise<{ id: string; finishedAt: Date | null } | null> {
  const since = new Date(now.getTime() - ACCOUNT_EXPORT_LIMITS.recentDays * DAY_MS);
  const [row] = await db
    .select({ id: accountExports.id, finishedAt: accountExports.finishedAt })
    .from(accountExports)
    .where(
      and(
        eq(accountExports.accountId, accountId),
        eq(accountExports.status, 'done'),
        gt(accountExports.createdAt, since),
        gt(accountExports.expiresAt, now),
      ),
    )
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row ?? null;
}
