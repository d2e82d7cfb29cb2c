/**
 * Getting evidence out (docs/evidence.md, "Downloads"): signed, short-lived download links and
 * image previews through the media pipeline. A link is stateless — the revision, its account
 * and the expiry, signed with HMAC-SHA256 under a key derived from AUTH_SECRET — so any server
 * sharing the secret serves it, and nothing is stored per link.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { EVIDENCE_ERROR_CODES, EVIDENCE_LIMITS, type EvidenceDownloadLink } from '@tenantry/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { evidenceRevisions } from '../../db/schema/evidence.ts';
import { storedFiles } from '../../db/schema/storage.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/blob-store.ts';
import {
  deleteImagesOfPurpose,
  encodeImage,
  insertImage,
  readImageOfPurpose,
  type StoredImage,
} from '../media/media.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import {
  evidenceNotFound,
  fileOf,
  hasPreview,
  type Db,
  type RevisionRow,
} from './evidence-rows.ts';

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'tenantry', 'evidence-download:v1', 32));

const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

/** The revision `revision` (the current one when not given) of the tenant's file, or 404. */
export async function revisionOf(
  db: Db,
  scope: { accountId: string; tenantId: string },
  evidenceId: string,
  revision?: number,
): Promise<RevisionRow & { fileName: string; current: boolean }> {
  const file = await fileOf(db, scope, evidenceId);
  const number = revision ?? file.revision;
  const [row] = await db
    .select()
    .from(evidenceRevisions)
    .where(
      and(
        eq(evidenceRevisions.accountId, scope.accountId),
        eq(evidenceRevisions.evidenceId, evidenceId),
        eq(evidenceRevisions.revision, number),
      ),
    );
  if (!row) throw evidenceNotFound();
  const current = number === file.revision;
  // The current revision downloads under the file's name as it is now (it may be renamed).
  return { ...row, fileName: current ? file.name : row.name, current };
}

/** A link to the bytes of `rev`, valid EVIDENCE_LIMITS.downloadLinkSeconds. */
export function downloadLink(
  secret: string,
  rev: { id: string; accountId: string; fileName: string },
  now = Date.now(),
): EvidenceDownloadLink {
  const expires = Math.floor(now / 1000) + EVIDENCE_LIMITS.downloadLinkSeconds;
  const payload = Buffer.from(
    JSON.stringify({ a: rev.accountId, r: rev.id, n: rev.fileName, x: expires }),
  ).toString('base64url');
  return {
    url: `/api/v1/evidence-downloads/${payload}.${sign(secret, payload)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** The tenant's file's download link (members, shared users: whoever may read the tenant). */
export async function tenantDownloadLink(
  db: Db,
  secret: string,
  scope: Parameters<typeof assertTenant>[1],
  evidenceId: string,
  revision?: number,
): Promise<EvidenceDownloadLink> {
  await assertTenant(db, scope);
  return downloadLink(secret, await revisionOf(db, scope, evidenceId, revision));
}

const invalid = (status: 403 | 410, message: string) =>
  new AppError(EVIDENCE_ERROR_CODES.linkInvalid, status, message);

/** What a valid link opens: the bytes' key and how to name and type them. */
export interface Download {
  blobKey: string;
  name: string;
  contentType: string;
  bytes: number;
  sha256: string;
}

/**
 * Opens a download link: 403 when it is not one this server signed (or was altered), 410 once
 * it has expired, 404 when the file has been deleted since.
 */
export async function openDownload(
  db: Database,
  secret: string,
  token: string,
  now = Date.now(),
): Promise<Download> {
  const [payload = '', mac = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalid(403, 'This download link is not valid.');
  }
  let claims: { a: string; r: string; n: string; x: number };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid(403, 'This download link is not valid.');
  }
  if (claims.x * 1000 <= now) {
    throw invalid(410, 'This download link has expired. Ask for the file again.');
  }
  const [row] = await db
    .select({
      blobKey: storedFiles.blobKey,
      contentType: evidenceRevisions.contentType,
      bytes: evidenceRevisions.bytes,
      sha256: evidenceRevisions.sha256,
    })
    .from(evidenceRevisions)
    .innerJoin(storedFiles, eq(storedFiles.id, evidenceRevisions.storedFileId))
    .where(and(eq(evidenceRevisions.id, claims.r), eq(evidenceRevisions.accountId, claims.a)));
  if (!row) throw evidenceNotFound();
  return { ...row, name: claims.n };
}

/** Reads a stored file whole (an image to preview: at most EVIDENCE_LIMITS.maxBytes). */
async function readWhole(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of blobs.read(key)) pieces.push(piece);
  return Buffer.concat(pieces);
}

const noPreview = () => notFound('There is no preview of this file.');

/**
 * The re-encoded preview of an image revision (media pipeline: WebP, metadata dropped), made at
 * the first request and kept (`preview_media_id`); 404 for other types and images the
 * pipeline does not read (GIF, damaged ones).
 */
export async function evidencePreview(
  db: Database,
  blobs: BlobStore,
  scope: Parameters<typeof assertTenant>[1],
  evidenceId: string,
  revision?: number,
): Promise<StoredImage> {
  await assertTenant(db, scope);
  const rev = await revisionOf(db, scope, evidenceId, revision);
  if (!hasPreview(rev.contentType)) throw noPreview();
  if (rev.previewMediaId) {
    const kept = await readImageOfPurpose(db, scope, 'evidence_preview', rev.previewMediaId);
    if (kept) return kept;
  }
  const [file] = await db
    .select({ blobKey: storedFiles.blobKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, rev.storedFileId), eq(storedFiles.accountId, scope.accountId)));
  if (!file) throw noPreview();
  const encoded = await encodeImage({
    bytes: await readWhole(blobs, file.blobKey),
    purpose: 'evidence_preview',
    maxBytes: EVIDENCE_LIMITS.maxBytes,
  }).catch(() => {
    throw noPreview();
  });
  return db.transaction(async (tx) => {
    const media = await insertImage(tx, { accountId: scope.accountId }, encoded);
    const [set] = await tx
      .update(evidenceRevisions)
      .set({ previewMediaId: media.id })
      .where(and(eq(evidenceRevisions.id, rev.id), isNull(evidenceRevisions.previewMediaId)))
      .returning({ id: evidenceRevisions.id });
    if (set) return { id: media.id, contentType: media.contentType, data: encoded.data };
    // Made at the same moment by another request: keep theirs.
    await deleteImagesOfPurpose(tx, scope, 'evidence_preview', [media.id]);
    const [other] = await tx
      .select({ id: evidenceRevisions.previewMediaId })
      .from(evidenceRevisions)
      .where(eq(evidenceRevisions.id, rev.id));
    const kept = other?.id
      ? await readImageOfPurpose(tx, scope, 'evidence_preview', other.id)
      : null;
    if (!kept) throw noPreview();
    return kept;
  });
}
