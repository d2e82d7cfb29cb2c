/**
 * Evidence files of a client tenant's library (docs/evidence.md): uploads and replacements
 * streamed into the file store (checked as they stream, evidence.inspect.ts), the library,
 * edits with optimistic concurrency, deletion with the bytes.
 */
import { randomUUID } from 'node:crypto';
import {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_LIMITS,
  EVIDENCE_PAGE_SIZE,
  type EvidenceDetail,
  type EvidenceFile,
  type EvidenceList,
  type EvidencePatch,
  type EvidenceState,
} from '@tenantry/shared';
import { and, desc, eq, gt, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { evidenceFiles, evidenceRevisions } from '../../db/schema/evidence.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/blob-store.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteImagesOfPurpose } from '../media/media.service.ts';
import { removeAccountFileRows, storeAccountFile } from '../storage/stored-files.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import {
  checkDates,
  cleanName,
  describeFile,
  describeFiles,
  describeRevision,
  fileOf,
  utcToday,
  type Db,
  type EvidenceActor,
  type FileRow,
} from './evidence-rows.ts';
import { emptyFile, inspectUpload, nameForType, type Inspection } from './evidence.inspect.ts';
import { insertLink, linkTarget, usesOf, type LinkTarget } from './links.service.ts';

export { evidenceForAssessment } from './links.service.ts';

interface TenantScope {
  accountId: string;
  tenantId: string;
  tenantAccess?: Parameters<typeof assertTenant>[1]['tenantAccess'];
}

/** An upload as the route hands it over: the body's pieces and the query's metadata. */
export interface EvidenceUpload {
  source: AsyncIterable<Uint8Array>;
  /** Content-Length, when sent. */
  declaredBytes?: number;
  name: string;
  effectiveOn?: string;
  expiresOn?: string | null;
}

const auditScope = (actor: EvidenceActor) => ({
  accountId: actor.accountId,
  userId: actor.userId,
  email: actor.email,
});

/**
 * Streams `upload` into the file store (evidence.inspect.ts decides its type on the way) and
 * calls `write` in the transaction that records it with the checked name and dates; refused
 * uploads leave nothing.
 */
async function receive<T>(
  db: Database,
  blobs: BlobStore,
  actor: EvidenceActor,
  upload: EvidenceUpload & { name: string },
  write: (
    tx: Tx,
    file: { storedFileId: string; bytes: number; sha256: string },
    meta: Pick<FileRow, 'name' | 'contentType' | 'effectiveOn' | 'expiresOn'>,
  ) => Promise<T>,
): Promise<T> {
  if (upload.declaredBytes === 0) throw emptyFile();
  const name = cleanName(upload.name);
  const effectiveOn = upload.effectiveOn ?? utcToday();
  const expiresOn = upload.expiresOn ?? null;
  checkDates(effectiveOn, expiresOn);
  const seen: Inspection = { contentType: null };
  const { result } = await storeAccountFile(db, blobs, {
    accountId: actor.accountId,
    purpose: 'evidence',
    createdBy: actor.userId,
    source: inspectUpload(upload.source, name, seen),
    maxBytes: EVIDENCE_LIMITS.maxBytes,
    declaredBytes: upload.declaredBytes,
    onStored: (tx, file) => {
      const contentType = seen.contentType;
      if (!contentType) throw emptyFile();
      return write(
        tx,
        { storedFileId: file.id, bytes: file.bytes, sha256: file.sha256 },
        { name: cleanName(nameForType(name, contentType)), contentType, effectiveOn, expiresOn },
      );
    },
  });
  return result as T;
}

const revisionRow = (
  actor: EvidenceActor,
  evidenceId: string,
  revision: number,
  file: { storedFileId: string; bytes: number; sha256: string },
  meta: Pick<FileRow, 'name' | 'contentType' | 'effectiveOn' | 'expiresOn'>,
  now: Date,
) => ({
  id: randomUUID(),
  accountId: actor.accountId,
  evidenceId,
  revision,
  ...file,
  ...meta,
  uploadedByUserId: actor.userId,
  uploadedByRespondentId: actor.respondentId,
  uploadedByName: actor.name,
  uploadedAt: now,
});

/**
 * A new file in the tenant's library (audited); linked to `link`'s answer when given (checked
 * before a byte is read, and again when it is recorded).
 */
export async function uploadEvidence(
  db: Database,
  blobs: BlobStore,
  actor: EvidenceActor,
  tenantId: string,
  upload: EvidenceUpload,
  link?: LinkTarget,
): Promise<EvidenceFile> {
  const now = new Date();
  const row = await receive(db, blobs, actor, upload, async (tx, file, meta) => {
    const id = randomUUID();
    const [created] = await tx
      .insert(evidenceFiles)
      .values({
        id,
        accountId: actor.accountId,
        tenantId,
        revision: 1,
        ...meta,
        bytes: file.bytes,
        sha256: file.sha256,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(evidenceRevisions).values(revisionRow(actor, id, 1, file, meta, now));
    if (link) await insertLink(tx, actor, link, id);
    await recordAudit(tx, auditScope(actor), {
      action: 'evidence.uploaded',
      targetType: 'evidence',
      targetId: id,
      data: {
        tenantId,
        name: meta.name,
        bytes: file.bytes,
        sha256: file.sha256,
        assessmentId: link?.assessmentId ?? null,
        questionKey: link?.questionKey ?? null,
        respondentId: actor.respondentId,
      },
    });
    return created!;
  });
  return describeFile(db, actor.accountId, row);
}

/** A member's or shared user's upload on a tenant (with an optional answer to link). */
export async function uploadToTenant(
  db: Database,
  blobs: BlobStore,
  actor: EvidenceActor,
  scope: TenantScope,
  upload: EvidenceUpload,
  answer?: { assessmentId?: string; questionKey?: string },
): Promise<EvidenceFile> {
  await assertTenant(db, scope);
  let link: LinkTarget | undefined;
  if (answer?.assessmentId || answer?.questionKey) {
    if (!answer.assessmentId || !answer.questionKey) {
      throw new AppError('common.validation', 400, 'Give both assessmentId and questionKey.', {
        questionKey: 'Give both assessmentId and questionKey, or neither.',
      });
    }
    link = await linkTarget(db, scope, answer.assessmentId, answer.questionKey);
  }
  return uploadEvidence(db, blobs, actor, scope.tenantId, upload, link);
}

/** The tenant's file `id` as long as it is still at `version` (an edit's condition). */
const atVersion = (scope: TenantScope, id: string, version: number) =>
  and(
    eq(evidenceFiles.id, id),
    eq(evidenceFiles.accountId, scope.accountId),
    eq(evidenceFiles.tenantId, scope.tenantId),
    eq(evidenceFiles.version, version),
  );

/** Someone replaced or edited the file while this upload streamed: answered as a conflict. */
class StaleVersion extends Error {}

const conflict = (current: EvidenceFile) =>
  new AppError(
    EVIDENCE_ERROR_CODES.conflict,
    409,
    'Someone changed this file since you opened it. Review it and try again.',
    undefined,
    { current },
  );

/** A new revision of the file (the old ones kept, their bytes still counted); audited. */
export async function replaceEvidence(
  db: Database,
  blobs: BlobStore,
  actor: EvidenceActor,
  scope: TenantScope,
  id: string,
  upload: Omit<EvidenceUpload, 'name'> & { name?: string; version: number },
): Promise<EvidenceFile> {
  await assertTenant(db, scope);
  const before = await fileOf(db, scope, id);
  if (before.version !== upload.version) {
    throw conflict(await describeFile(db, scope.accountId, before));
  }
  const now = new Date();
  const name = upload.name ?? before.name;
  const row = await receive(db, blobs, actor, { ...upload, name }, async (tx, file, meta) => {
    const [updated] = await tx
      .update(evidenceFiles)
      .set({
        ...meta,
        bytes: file.bytes,
        sha256: file.sha256,
        revision: sql`${evidenceFiles.revision} + 1`,
        version: sql`${evidenceFiles.version} + 1`,
        updatedAt: now,
      })
      .where(atVersion(scope, id, upload.version))
      .returning();
    if (!updated) throw new StaleVersion();
    await tx
      .insert(evidenceRevisions)
      .values(revisionRow(actor, id, updated.revision, file, meta, now));
    await recordAudit(tx, auditScope(actor), {
      action: 'evidence.replaced',
      targetType: 'evidence',
      targetId: id,
      data: {
        tenantId: scope.tenantId,
        name: meta.name,
        revision: updated.revision,
        bytes: file.bytes,
        sha256: file.sha256,
      },
    });
    return updated;
  }).catch(async (err: unknown) => {
    if (!(err instanceof StaleVersion)) throw err;
    throw conflict(await describeFile(db, scope.accountId, await fileOf(db, scope, id)));
  });
  return describeFile(db, scope.accountId, row);
}

const soonAfter = (today: string) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + EVIDENCE_LIMITS.expiringWithinDays);
  return d.toISOString().slice(0, 10);
};

/** The state filter in SQL, as `evidenceState` decides it. */
function stateWhere(state: EvidenceState, today: string): SQL {
  const soon = soonAfter(today);
  const e = evidenceFiles.expiresOn;
  if (state === 'expired') return lt(e, today);
  if (state === 'expiring') return and(sql`${e} >= ${today}`, sql`${e} <= ${soon}`)!;
  return or(isNull(e), gt(e, soon))!;
}

/** `[createdAt, id]`: rows are created with a JS time (milliseconds), so it is exact. */
const CursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

/** The library, newest first (`q` in the name, `state`), a page at a time. */
export async function listEvidence(
  db: Db,
  scope: TenantScope,
  query: { q?: string; state?: EvidenceState; cursor?: string },
): Promise<EvidenceList> {
  await assertTenant(db, scope);
  const today = utcToday();
  const where: (SQL | undefined)[] = [
    eq(evidenceFiles.accountId, scope.accountId),
    eq(evidenceFiles.tenantId, scope.tenantId),
  ];
  const q = query.q?.trim();
  if (q) where.push(ilike(evidenceFiles.name, `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (query.state) where.push(stateWhere(query.state, today));
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor, CursorSchema);
    where.push(
      sql`(${evidenceFiles.createdAt}, ${evidenceFiles.id}) < (${at}::timestamptz, ${id}::text)`,
    );
  }
  const rows = await db
    .select()
    .from(evidenceFiles)
    .where(and(...where))
    .orderBy(desc(evidenceFiles.createdAt), desc(evidenceFiles.id))
    .limit(EVIDENCE_PAGE_SIZE + 1);
  const page = rows.slice(0, EVIDENCE_PAGE_SIZE);
  return {
    items: await describeFiles(db, scope.accountId, page, today),
    nextCursor:
      rows.length > EVIDENCE_PAGE_SIZE
        ? encodeCursor([page.at(-1)!.createdAt.toISOString(), page.at(-1)!.id])
        : null,
  };
}

/** One file with its revisions (newest first) and where it is used. */
export async function getEvidence(db: Db, scope: TenantScope, id: string): Promise<EvidenceDetail> {
  await assertTenant(db, scope);
  const file = await fileOf(db, scope, id);
  const [described, revisions, uses] = await Promise.all([
    describeFile(db, scope.accountId, file),
    db
      .select()
      .from(evidenceRevisions)
      .where(
        and(eq(evidenceRevisions.accountId, scope.accountId), eq(evidenceRevisions.evidenceId, id)),
      )
      .orderBy(desc(evidenceRevisions.revision)),
    usesOf(db, scope.accountId, id),
  ]);
  return { ...described, revisions: revisions.map(describeRevision), uses };
}

/** Renames or re-dates the file (its current revision's record stays as uploaded). */
export async function patchEvidence(
  db: Database,
  scope: TenantScope,
  id: string,
  patch: EvidencePatch,
): Promise<EvidenceFile> {
  await assertTenant(db, scope);
  const file = await fileOf(db, scope, id);
  if (file.version !== patch.version) throw conflict(await describeFile(db, scope.accountId, file));
  const name =
    patch.name === undefined
      ? file.name
      : cleanName(nameForType(cleanName(patch.name), file.contentType));
  const effectiveOn = patch.effectiveOn ?? file.effectiveOn;
  const expiresOn = patch.expiresOn === undefined ? (file.expiresOn ?? null) : patch.expiresOn;
  checkDates(effectiveOn, expiresOn);
  const [updated] = await db
    .update(evidenceFiles)
    .set({ name, effectiveOn, expiresOn, version: file.version + 1, updatedAt: new Date() })
    .where(atVersion(scope, id, patch.version))
    .returning();
  if (!updated) {
    throw conflict(await describeFile(db, scope.accountId, await fileOf(db, scope, id)));
  }
  return describeFile(db, scope.accountId, updated);
}

/** Deletes the file, its revisions, their bytes and previews, and its links (audited). */
export async function deleteEvidence(
  db: Database,
  blobs: BlobStore,
  actor: EvidenceActor,
  scope: TenantScope,
  id: string,
): Promise<void> {
  await assertTenant(db, scope);
  const keys = await db.transaction(async (tx) => {
    const file = await fileOf(tx, scope, id);
    const revisions = await tx
      .delete(evidenceRevisions)
      .where(
        and(eq(evidenceRevisions.accountId, scope.accountId), eq(evidenceRevisions.evidenceId, id)),
      )
      .returning();
    await tx
      .delete(evidenceFiles)
      .where(and(eq(evidenceFiles.id, id), eq(evidenceFiles.accountId, scope.accountId)));
    const previews = revisions.flatMap((r) => (r.previewMediaId ? [r.previewMediaId] : []));
    await deleteImagesOfPurpose(tx, scope, 'evidence_preview', previews);
    const gone = await removeAccountFileRows(
      tx,
      scope.accountId,
      revisions.map((r) => r.storedFileId),
    );
    await recordAudit(tx, auditScope(actor), {
      action: 'evidence.deleted',
      targetType: 'evidence',
      targetId: id,
      data: { tenantId: scope.tenantId, name: file.name, revisions: revisions.length },
    });
    return gone;
  });
  // The rows are gone: bytes that fail to go are named by nothing and count against nothing.
  await Promise.all(keys.map((k) => blobs.delete(k).catch(() => undefined)));
}
