/**
 * What the evidence services share (not a service): the rows as stored and read, how a file is
 * described to the API, names and dates.
 */
import {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_IMAGE_TYPES,
  EVIDENCE_LIMITS,
  evidenceState,
  type EvidenceContentType,
  type EvidenceFile,
  type EvidenceRevision,
} from '@tenantry/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { answerEvidence, evidenceFiles, evidenceRevisions } from '../../db/schema/evidence.ts';
import { AppError } from '../../lib/errors.ts';

export type Db = Database | Tx;
export type FileRow = typeof evidenceFiles.$inferSelect;
export type RevisionRow = typeof evidenceRevisions.$inferSelect;

/** Who acts: a member or shared user (`userId`), or a respondent. */
export interface EvidenceActor {
  accountId: string;
  userId: string | null;
  respondentId: string | null;
  name: string;
  email: string;
}

export const evidenceNotFound = () =>
  new AppError(EVIDENCE_ERROR_CODES.notFound, 404, 'There is no such evidence file here.');

export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** Previews are made of the images the media pipeline decodes (not GIF: never decoded). */
const PREVIEWABLE = new Set<EvidenceContentType>(
  EVIDENCE_IMAGE_TYPES.filter((t) => t !== 'image/gif'),
);
export const hasPreview = (type: EvidenceContentType) => PREVIEWABLE.has(type);

export const previewUrl = (tenantId: string, id: string, revision: number) =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/evidence/${encodeURIComponent(id)}/preview?revision=${revision}`;

/**
 * A file's name as kept: refused (400 `evidence.bad_name`) when empty, longer than
 * EVIDENCE_LIMITS.nameMaxLength, or holding a path separator, `..`, a control character (NUL
 * included) or a direction override. Surrounding spaces are dropped.
 */
export function cleanName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  const bad = (why: string) =>
    new AppError(EVIDENCE_ERROR_CODES.badName, 400, `The file name ${why}.`, {
      name: `The file name ${why}.`,
    });
  if (!name) throw bad('is empty');
  if (name.length > EVIDENCE_LIMITS.nameMaxLength) {
    throw bad(`is longer than ${EVIDENCE_LIMITS.nameMaxLength} characters`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(name)) {
    throw bad('holds control characters');
  }
  if (/[/\\]/.test(name)) throw bad('holds a path separator (/ or \\)');
  if (name.includes('..')) throw bad('holds “..”');
  return name;
}

/** Whether `day` (YYYY-MM-DD) is a real calendar day (not 2026-02-30). */
const realDay = (day: string) => {
  const t = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === day;
};

/** Real days, and `expiresOn` not before `effectiveOn` (400 `evidence.bad_dates`). */
export function checkDates(effectiveOn: string, expiresOn: string | null): void {
  if (!realDay(effectiveOn)) {
    throw new AppError(EVIDENCE_ERROR_CODES.badDates, 400, 'The effective date is not a date.', {
      effectiveOn: 'Not a date.',
    });
  }
  if (expiresOn && (!realDay(expiresOn) || expiresOn < effectiveOn)) {
    throw new AppError(
      EVIDENCE_ERROR_CODES.badDates,
      400,
      'The expiry date must be a date on or after the effective date.',
      { expiresOn: 'On or after the effective date.' },
    );
  }
}

const actorOf = (userId: string | null, respondentId: string | null, name: string) => ({
  userId,
  respondentId,
  name,
});

/** How many answers link each of `ids`. */
export async function useCounts(
  db: Db,
  accountId: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: answerEvidence.evidenceId, n: count() })
    .from(answerEvidence)
    .where(and(eq(answerEvidence.accountId, accountId), inArray(answerEvidence.evidenceId, ids)))
    .groupBy(answerEvidence.evidenceId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The current revisions of `files` (who uploaded them). */
async function currentRevisions(db: Db, accountId: string, files: FileRow[]) {
  if (!files.length) return new Map<string, RevisionRow>();
  const rows = await db
    .select()
    .from(evidenceRevisions)
    .where(
      and(
        eq(evidenceRevisions.accountId, accountId),
        inArray(
          evidenceRevisions.evidenceId,
          files.map((f) => f.id),
        ),
      ),
    );
  const byFile = new Map(files.map((f) => [f.id, f.revision]));
  return new Map(
    rows.filter((r) => byFile.get(r.evidenceId) === r.revision).map((r) => [r.evidenceId, r]),
  );
}

/** The API's description of `files` (their use counts and current revisions read in two queries). */
export async function describeFiles(
  db: Db,
  accountId: string,
  files: FileRow[],
  today = utcToday(),
): Promise<EvidenceFile[]> {
  const [uses, revisions] = await Promise.all([
    useCounts(
      db,
      accountId,
      files.map((f) => f.id),
    ),
    currentRevisions(db, accountId, files),
  ]);
  return files.map((f) => {
    const rev = revisions.get(f.id);
    return {
      id: f.id,
      tenantId: f.tenantId,
      name: f.name,
      contentType: f.contentType,
      bytes: f.bytes,
      sha256: f.sha256,
      effectiveOn: f.effectiveOn,
      expiresOn: f.expiresOn ?? null,
      state: evidenceState(f.expiresOn ?? null, today),
      revision: f.revision,
      version: f.version,
      uploadedBy: rev
        ? actorOf(rev.uploadedByUserId, rev.uploadedByRespondentId, rev.uploadedByName)
        : actorOf(f.createdBy, null, ''),
      uploadedAt: (rev?.uploadedAt ?? f.updatedAt).toISOString(),
      useCount: uses.get(f.id) ?? 0,
      previewUrl: hasPreview(f.contentType) ? previewUrl(f.tenantId, f.id, f.revision) : null,
    };
  });
}

export async function describeFile(
  db: Db,
  accountId: string,
  file: FileRow,
): Promise<EvidenceFile> {
  const [one] = await describeFiles(db, accountId, [file]);
  return one!;
}

export const describeRevision = (r: RevisionRow): EvidenceRevision => ({
  id: r.id,
  revision: r.revision,
  name: r.name,
  contentType: r.contentType,
  bytes: r.bytes,
  sha256: r.sha256,
  effectiveOn: r.effectiveOn,
  expiresOn: r.expiresOn ?? null,
  uploadedBy: actorOf(r.uploadedByUserId, r.uploadedByRespondentId, r.uploadedByName),
  uploadedAt: r.uploadedAt.toISOString(),
});

/** The tenant's file `id` in the account, or 404. */
export async function fileOf(
  db: Db,
  scope: { accountId: string; tenantId: string },
  id: string,
): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(evidenceFiles)
    .where(
      and(
        eq(evidenceFiles.id, id),
        eq(evidenceFiles.accountId, scope.accountId),
        eq(evidenceFiles.tenantId, scope.tenantId),
      ),
    );
  if (!row) throw evidenceNotFound();
  return row;
}

/** A member or shared user acting on a tenant, named as their profile names them now. */
export async function userActor(
  db: Db,
  scope: { accountId: string; userId: string; email: string },
): Promise<EvidenceActor> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, scope.userId));
  return {
    accountId: scope.accountId,
    userId: scope.userId,
    respondentId: null,
    name: u?.name || scope.email,
    email: scope.email,
  };
}
