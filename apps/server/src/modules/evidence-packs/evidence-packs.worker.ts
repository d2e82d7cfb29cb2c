/**
 * The `evidence.pack` job (docs/evidence.md, "Evidence packs"): claims the pack's row under a
 * new file key (a run pg-boss repeats takes it over; the earlier run then cannot finish the row
 * and removes its own file), reads the assessment and its linked evidence, streams the ZIP into
 * the file store while writing its progress into the row, and marks it done. A failure to build
 * it marks it failed (with the reason for people when it is the pack's size or a file whose
 * bytes changed); a database failure while finishing throws, so pg-boss runs it again. The
 * hourly prune deletes old packs with their ZIP.
 */
import { randomUUID } from 'node:crypto';
import { ACTIVE_EVIDENCE_PACK_STATUSES } from '@tenantry/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  assessments,
  evidencePacks,
  frameworks,
  tenants,
} from '../../db/schema/index.ts';
import type { Jobs, Logger } from '../../lib/jobs/index.ts';
import { every } from '../../lib/jobs/periodic.ts';
import { throttledProgress } from '../../lib/jobs/progress.ts';
import type { BlobStore } from '../../lib/storage/blob-store.ts';
import { ZipTooLarge } from '../../lib/storage/zip-writer.ts';
import { scopedFramework } from '../assessments/assessments.framework.ts';
import {
  FAILED_ERROR,
  PACKS_QUEUE,
  pruneEvidencePacks,
  type PackJob,
} from './evidence-packs.service.ts';
import { linkedEvidence, utcDay } from './linked-evidence.service.ts';
import { EvidenceMismatch, writeEvidencePack, type PackSource } from './pack-zip.ts';

/** Progress is written when it moved at least this much. */
const PROGRESS_STEP = 0.04;

/** What the pack shows besides the files: account, tenant, assessment, framework. */
async function packSource(
  db: Database,
  job: PackJob,
  assessmentId: string,
  now: Date,
): Promise<PackSource | null> {
  const [row] = await db
    .select({
      account: accounts.name,
      tenant: tenants.name,
      name: assessments.name,
      status: assessments.status,
      frameworkId: assessments.frameworkId,
      version: assessments.frameworkVersion,
      scope: assessments.scope,
      framework: frameworks.name,
    })
    .from(assessments)
    .innerJoin(
      tenants,
      and(eq(tenants.id, assessments.tenantId), eq(tenants.accountId, assessments.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, assessments.accountId))
    .innerJoin(frameworks, eq(frameworks.id, assessments.frameworkId))
    .where(
      and(
        eq(assessments.id, assessmentId),
        eq(assessments.accountId, job.accountId),
        eq(assessments.tenantId, job.tenantId),
      ),
    );
  if (!row) return null;
  const fw = await scopedFramework(db, row.frameworkId, row.version, row.scope);
  if (!fw) return null;
  return {
    packId: job.packId,
    generatedAt: now,
    account: { id: job.accountId, name: row.account },
    tenant: { id: job.tenantId, name: row.tenant },
    assessment: { id: assessmentId, name: row.name, status: row.status },
    framework: { id: row.frameworkId, name: row.framework, version: row.version },
    document: fw.document,
    files: await linkedEvidence(db, job, assessmentId, utcDay(now)),
  };
}

/** Builds one pack; see the file's comment for what happens on failure. */
export async function buildEvidencePack(
  db: Database,
  blobs: BlobStore,
  logger: Logger,
  job: PackJob,
): Promise<void> {
  const key = `evidence-packs/${job.packId}/${randomUUID()}`;
  const inScope = and(
    eq(evidencePacks.id, job.packId),
    eq(evidencePacks.accountId, job.accountId),
    eq(evidencePacks.tenantId, job.tenantId),
  );
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ blobKey: evidencePacks.blobKey, assessmentId: evidencePacks.assessmentId })
      .from(evidencePacks)
      .where(
        and(
          inScope,
          isNotNull(evidencePacks.assessmentId),
          inArray(evidencePacks.status, [...ACTIVE_EVIDENCE_PACK_STATUSES]),
        ),
      )
      .for('update');
    if (!row) return null;
    await tx
      .update(evidencePacks)
      .set({ status: 'running', startedAt: new Date(), progress: 0.02, blobKey: key })
      .where(inScope);
    return row;
  });
  if (!claimed) return; // deleted with its assessment, or finished (a repeated job)
  if (claimed.blobKey) await blobs.delete(claimed.blobKey); // what an earlier run left
  const mine = and(inScope, eq(evidencePacks.blobKey, key));
  const started = Date.now();
  const out = await blobs.createWriter(key);
  let stored;
  try {
    const src = await packSource(db, job, claimed.assessmentId!, new Date());
    if (!src) throw new Error('the assessment or its framework version is gone');
    const progress = throttledProgress(
      async (p) => {
        await db.update(evidencePacks).set({ progress: p }).where(mine);
      },
      { from: 0.02, step: PROGRESS_STEP },
    );
    await progress(0.05);
    const manifest = await writeEvidencePack(db, blobs, out, job, src, (share) =>
      progress(Math.min(0.97, 0.05 + share * 0.92)),
    );
    stored = await out.finish();
    logger.info(
      { packId: job.packId, bytes: stored.bytes, files: manifest.files.length },
      'evidence pack written',
    );
  } catch (err) {
    await out.abort();
    logger.error({ err, packId: job.packId }, 'could not make an evidence pack');
    const known = err instanceof ZipTooLarge || err instanceof EvidenceMismatch;
    await db
      .update(evidencePacks)
      .set({ status: 'failed', error: known ? err.message : FAILED_ERROR, finishedAt: new Date() })
      .where(mine);
    return;
  }
  const done = await db
    .update(evidencePacks)
    .set({
      status: 'done',
      progress: 1,
      bytes: stored.bytes,
      sha256: stored.sha256,
      error: null,
      finishedAt: new Date(),
    })
    .where(and(mine, eq(evidencePacks.status, 'running')))
    .returning({ id: evidencePacks.id });
  if (done.length === 0) await blobs.delete(key); // another run took it over, or it was deleted
  logger.info({ packId: job.packId, ms: Date.now() - started }, 'evidence pack done');
}

/** Registers this process's worker of `evidence.pack` (server and tests). */
export async function registerEvidencePacks(opts: {
  db: Database;
  blobs: BlobStore;
  jobs: Jobs;
  logger: Logger;
}): Promise<void> {
  const { db, blobs, jobs, logger } = opts;
  await jobs.work<PackJob>(PACKS_QUEUE, (job) => buildEvidencePack(db, blobs, logger, job));
}

/** The hourly prune of old and failed packs; answers a function stopping its timer. */
export async function startEvidencePackPrune(opts: {
  db: Database;
  blobs: BlobStore;
  jobs: Jobs;
  logger: Logger;
}): Promise<() => void> {
  const { db, blobs } = opts;
  return every(opts.jobs, opts.logger, {
    queue: 'evidence.pack-prune',
    everyMs: 60 * 60_000,
    run: (now) => pruneEvidencePacks(db, blobs, now),
    did: 'deleted old evidence packs',
  });
}
