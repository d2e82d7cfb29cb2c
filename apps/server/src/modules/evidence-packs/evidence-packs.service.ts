/**
 * Evidence packs (docs/evidence.md, "Evidence packs"): a ZIP of an assessment's answers, every
 * evidence file behind them and a manifest of their SHA-256, for auditors. Asked for on the
 * assessment (a `queued` row and an `evidence.pack` job), built in the background with its
 * progress in the row, downloaded once done. The mechanism is the PDF report's (docs/reports.md):
 * the row is the only state, so any server builds and any answers the polling; the ZIP goes
 * into the file store as a system file (no `stored_files` row, no quota) like an account export.
 * Every query carries the account and the tenant (ADR 0005).
 */
import { randomUUID } from 'node:crypto';
import {
  ACTIVE_EVIDENCE_PACK_STATUSES,
  EVIDENCE_ERROR_CODES,
  EVIDENCE_PACK_LIMITS,
  type EvidencePack,
} from '@tenantry/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { evidencePacks } from '../../db/schema/evidence.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { fileNameOf } from '../../lib/csv.ts';
import { AppError, tenantNotFound } from '../../lib/errors.ts';
import type { Jobs } from '../../lib/jobs/index.ts';
import { assertAssessment } from '../assessments/assessments.service.ts';

export const PACKS_QUEUE = 'evidence.pack';
/** How long a client should wait before asking again after a 429. */
export const RETRY_AFTER_SECONDS = 10;
export const STALE_ERROR = 'The evidence pack took too long and was stopped. Ask for a new one.';
export const FAILED_ERROR = 'The evidence pack could not be made. Ask for a new one.';
const MINUTE_MS = 60_000;

/** What an `evidence.pack` job carries: the row and the scope it must be found in. */
export interface PackJob {
  packId: string;
  accountId: string;
  tenantId: string;
}

type Scope = Pick<TenantContext, 'accountId' | 'tenantId' | 'userId'>;
type Row = typeof evidencePacks.$inferSelect;

export const packNotFound = () =>
  new AppError(
    EVIDENCE_ERROR_CODES.packNotFound,
    404,
    'There is no such evidence pack on this client tenant.',
  );

export const inTenantPacks = (scope: Pick<Scope, 'accountId' | 'tenantId'>, id?: string): SQL =>
  and(
    eq(evidencePacks.accountId, scope.accountId),
    eq(evidencePacks.tenantId, scope.tenantId),
    // A pack of a deleted assessment is gone for everyone; the prune deletes it with its ZIP.
    isNotNull(evidencePacks.assessmentId),
    id === undefined ? undefined : eq(evidencePacks.id, id),
  )!;

const activeStatus = inArray(evidencePacks.status, [...ACTIVE_EVIDENCE_PACK_STATUSES]);
const staleBefore = (now: Date) =>
  new Date(now.getTime() - EVIDENCE_PACK_LIMITS.staleMinutes * MINUTE_MS);

/** Packs still queued or running that are not stale. */
const activePacks = (now = new Date()): SQL =>
  and(activeStatus, gt(evidencePacks.createdAt, staleBefore(now)))!;

/** The row as the API shows it; one still on its way after staleMinutes has failed. */
export function toEvidencePack(r: Row, now = new Date()): EvidencePack {
  const stale =
    (ACTIVE_EVIDENCE_PACK_STATUSES as readonly string[]).includes(r.status) &&
    r.createdAt < staleBefore(now);
  return {
    id: r.id,
    assessmentId: r.assessmentId ?? '',
    status: stale ? 'failed' : r.status,
    progress: Math.min(1, Math.max(0, r.progress)),
    fileName: r.fileName,
    bytes: r.status === 'done' ? r.bytes : null,
    sha256: r.status === 'done' ? r.sha256 : null,
    error: stale ? STALE_ERROR : r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

async function packRow(
  db: Database | Tx,
  scope: Pick<Scope, 'accountId' | 'tenantId'>,
  id: string,
) {
  const [row] = await db.select().from(evidencePacks).where(inTenantPacks(scope, id));
  if (!row) throw packNotFound();
  return row;
}

export async function getEvidencePack(
  db: Database,
  scope: Scope,
  id: string,
): Promise<EvidencePack> {
  return toEvidencePack(await packRow(db, scope, id));
}

/**
 * Asks for an evidence pack of one of the tenant's assessments: a `queued` row, then a job. At
 * most EVIDENCE_PACK_LIMITS.active per tenant are on their way at once (the tenant row is
 * locked while counting, so two requests cannot both take the last place).
 */
export async function createEvidencePack(
  db: Database,
  jobs: Jobs,
  scope: Scope,
  assessmentId: string,
  now = new Date(),
): Promise<EvidencePack> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, scope.tenantId), eq(tenants.accountId, scope.accountId)))
      .for('no key update');
    if (!tenant) throw tenantNotFound();
    const a = await assertAssessment(tx, scope, assessmentId);
    const [busy] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(evidencePacks)
      .where(and(inTenantPacks(scope), activePacks(now)));
    if ((busy?.n ?? 0) >= EVIDENCE_PACK_LIMITS.active) {
      throw new AppError(
        EVIDENCE_ERROR_CODES.packTooMany,
        429,
        `This client tenant already has ${EVIDENCE_PACK_LIMITS.active} evidence packs on their way. Try again when one is ready.`,
        undefined,
        { retryAfterSeconds: RETRY_AFTER_SECONDS },
      );
    }
    await tx.insert(evidencePacks).values({
      id,
      accountId: scope.accountId,
      tenantId: scope.tenantId,
      assessmentId: a.id,
      fileName: fileNameOf(`${a.name} evidence`, 'zip'),
      createdBy: scope.userId || null,
      createdAt: now,
    });
  });
  const job: PackJob = { packId: id, accountId: scope.accountId, tenantId: scope.tenantId };
  try {
    await jobs.send(PACKS_QUEUE, job, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: EVIDENCE_PACK_LIMITS.staleMinutes * 60,
    });
  } catch (err) {
    await db
      .update(evidencePacks)
      .set({ status: 'failed', error: 'The evidence pack could not be queued.', finishedAt: now })
      .where(inTenantPacks(scope, id));
    throw err;
  }
  return getEvidencePack(db, scope, id);
}

/** A done pack's ZIP to stream; 409 `evidence.pack_not_ready` while on its way or failed. */
export async function evidencePackFile(
  db: Database,
  scope: Scope,
  id: string,
): Promise<{ fileName: string; bytes: number; blobKey: string }> {
  const row = await packRow(db, scope, id);
  if (row.status === 'done' && row.blobKey && row.bytes !== null) {
    return { fileName: row.fileName, bytes: row.bytes, blobKey: row.blobKey };
  }
  const shown = toEvidencePack(row);
  throw new AppError(
    EVIDENCE_ERROR_CODES.packNotReady,
    409,
    shown.status === 'failed'
      ? (shown.error ?? FAILED_ERROR)
      : 'The evidence pack is not ready yet. Ask again in a moment.',
    undefined,
    { status: shown.status, progress: shown.progress },
  );
}

/**
 * The periodic clean-up, in every account: packs on their way past staleMinutes are failed,
 * the ZIPs of failed ones are deleted, and packs older than keepDays or of a deleted assessment
 * are deleted with their ZIP. Answers how many packs were deleted.
 */
export async function pruneEvidencePacks(
  db: Database,
  blobs: { delete(key: string): Promise<void> },
  now = new Date(),
): Promise<number> {
  await db
    .update(evidencePacks)
    .set({ status: 'failed', error: STALE_ERROR, finishedAt: now })
    .where(and(activeStatus, lt(evidencePacks.createdAt, staleBefore(now))));
  const failed = await db
    .select({ id: evidencePacks.id, key: evidencePacks.blobKey })
    .from(evidencePacks)
    .where(and(eq(evidencePacks.status, 'failed'), isNotNull(evidencePacks.blobKey)));
  for (const f of failed) {
    await blobs.delete(f.key!);
    await db.update(evidencePacks).set({ blobKey: null }).where(eq(evidencePacks.id, f.id));
  }
  const keep = new Date(now.getTime() - EVIDENCE_PACK_LIMITS.keepDays * 86_400_000);
  const gone = await db
    .delete(evidencePacks)
    .where(or(lt(evidencePacks.createdAt, keep), isNull(evidencePacks.assessmentId)))
    .returning({ key: evidencePacks.blobKey });
  for (const g of gone) if (g.key) await blobs.delete(g.key);
  return gone.length;
}

/** The file keys of the account's packs (deleted with the account). */
export async function evidencePackKeysOf(db: Database | Tx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ key: evidencePacks.blobKey })
    .from(evidencePacks)
    .where(and(eq(evidencePacks.accountId, accountId), isNotNull(evidencePacks.blobKey)))
    .orderBy(desc(evidencePacks.createdAt));
  return rows.map((r) => r.key!);
}
