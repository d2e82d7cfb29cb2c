/**
 * An account's stored files and its storage quota (docs/storage.md). What a feature that keeps
 * files for an account (evidence) calls:
 * - `assertStorageRoom(db, accountId, bytes)` before accepting an upload of a known size (413
 *   `storage.quota_exceeded`);
 * - `storeAccountFile(...)` to stream an upload into the file store: it refuses a file over
 *   `maxBytes` or over the quota as soon as the bytes read say so (the writer is aborted, nothing
 *   is kept), then writes the `stored_files` row — and the caller's own rows, through `onStored`
 *   — in one transaction;
 * - `deleteAccountFile(...)` to remove one; `storageUsageOf(...)` for the figures.
 *
 * Usage is the sum of the account's `stored_files.bytes` (an index-only sum): each upload adds
 * its own row, so uploads to one account never queue on a counter row. The quota is checked
 * before the upload, while it streams and once more in the transaction that records it, without
 * a lock: uploads that finish at the same moment may each fit alone and together pass the quota
 * by at most what they add (at most the largest file times the uploads in flight); the next
 * upload is then refused. Files the system makes for itself (account exports) have no row here
 * and do not count.
 */
import { randomUUID } from 'node:crypto';
import {
  PLANS,
  STORAGE_ERROR_CODES,
  formatBytes,
  type PlanId,
  type StorageQuotaDetails,
  type StorageUsage,
  type StoredFilePurpose,
} from '@tenantry/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/storage.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/blob-store.ts';
import { currentPlan } from '../billing/entitlements.ts';

type Db = Database | Tx;
export type StoredFile = typeof storedFiles.$inferSelect;

/** The bytes and files the account keeps (a sum over its rows, by index). */
export async function storedBytesOf(
  db: Db,
  accountId: string,
): Promise<{ usedBytes: number; files: number }> {
  const [row] = await db
    .select({
      usedBytes: sql<string>`coalesce(sum(${storedFiles.bytes}), 0)`,
      files: count(),
    })
    .from(storedFiles)
    .where(eq(storedFiles.accountId, accountId));
  return { usedBytes: Number(row?.usedBytes ?? 0), files: row?.files ?? 0 };
}

/** The account's usage against its plan's quota (the billing tab). */
export async function storageUsageOf(
  db: Db,
  accountId: string,
  plan?: PlanId,
): Promise<StorageUsage> {
  const planId = plan ?? (await currentPlan(db, accountId)) ?? 'free';
  return { ...(await storedBytesOf(db, accountId)), quotaBytes: PLANS[planId].storageBytes };
}

export function quotaExceeded(details: StorageQuotaDetails): AppError {
  const planName = PLANS[details.plan as PlanId]?.name ?? details.plan;
  const left = Math.max(0, details.quotaBytes - details.usedBytes);
  return new AppError(
    STORAGE_ERROR_CODES.quotaExceeded,
    413,
    `The ${planName} plan includes ${formatBytes(details.quotaBytes)} of file storage and ` +
      `${formatBytes(left)} is left; this file needs ${formatBytes(details.incomingBytes)}. ` +
      'Delete files you no longer need or upgrade the plan.',
    undefined,
    { ...details },
  );
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    STORAGE_ERROR_CODES.fileTooLarge,
    413,
    `The file is larger than ${formatBytes(maxBytes)}, the most accepted here.`,
    undefined,
    { maxBytes },
  );
}

/**
 * Refuses (413 `storage.quota_exceeded`) when `incomingBytes` more would take the account past
 * its plan's quota. Call it before accepting an upload, with its declared size (or 1 when the
 * size is not known yet: a full account is refused before a byte is read).
 */
export async function assertStorageRoom(
  db: Db,
  accountId: string,
  incomingBytes: number,
): Promise<void> {
  const plan = await currentPlan(db, accountId);
  if (!plan) throw notFound('There is no such account.');
  const { usedBytes } = await storedBytesOf(db, accountId);
  const quotaBytes = PLANS[plan].storageBytes;
  if (usedBytes + incomingBytes > quotaBytes) {
    throw quotaExceeded({ usedBytes, quotaBytes, incomingBytes, plan });
  }
}

export interface StoreAccountFileInput<T> {
  accountId: string;
  purpose: StoredFilePurpose;
  createdBy: string | null;
  /** The upload's bytes, a piece at a time (a request body, a multipart part). */
  source: AsyncIterable<Uint8Array>;
  /** The largest file accepted (e.g. the evidence limit of 25 MB). */
  maxBytes: number;
  /** The size the client declared, when it did: checked against the quota before reading. */
  declaredBytes?: number;
  /**
   * Writes the caller's own rows in the transaction that records the file (its metadata row
   * referencing `file.id`); throwing there keeps nothing, the bytes included.
   */
  onStored?: (tx: Tx, file: StoredFile) => Promise<T>;
}

/**
 * Streams an upload into the file store and records it against the account's quota; answers the
 * `stored_files` row and what `onStored` answered. Refused (413) files leave nothing behind.
 */
export async function storeAccountFile<T = undefined>(
  db: Database,
  blobs: BlobStore,
  input: StoreAccountFileInput<T>,
): Promise<{ file: StoredFile; result: T | undefined }> {
  const { accountId, maxBytes } = input;
  if (input.declaredBytes !== undefined && input.declaredBytes > maxBytes) {
    throw fileTooLarge(maxBytes);
  }
  const plan = await currentPlan(db, accountId);
  if (!plan) throw notFound('There is no such account.');
  const quotaBytes = PLANS[plan].storageBytes;
  const before = await storedBytesOf(db, accountId);
  const refuse = (incomingBytes: number) =>
    quotaExceeded({ usedBytes: before.usedBytes, quotaBytes, incomingBytes, plan });
  if (before.usedBytes + Math.max(1, input.declaredBytes ?? 1) > quotaBytes) {
    throw refuse(Math.max(1, input.declaredBytes ?? 1));
  }

  const id = randomUUID();
  const blobKey = `accounts/${accountId}/${input.purpose}/${id}`;
  const writer = await blobs.createWriter(blobKey);
  let read = 0;
  let stored;
  try {
    for await (const piece of input.source) {
      read += piece.length;
      if (read > maxBytes) throw fileTooLarge(maxBytes);
      if (before.usedBytes + read > quotaBytes) throw refuse(read);
      await writer.write(piece);
    }
    stored = await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }

  try {
    return await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(storedFiles)
        .values({
          id,
          accountId,
          purpose: input.purpose,
          blobKey,
          bytes: stored.bytes,
          sha256: stored.sha256,
          createdBy: input.createdBy,
        })
        .returning();
      const now = await storedBytesOf(tx, accountId);
      if (now.usedBytes > quotaBytes) {
        throw quotaExceeded({
          usedBytes: now.usedBytes - stored.bytes,
          quotaBytes,
          incomingBytes: stored.bytes,
          plan,
        });
      }
      const result = input.onStored ? await input.onStored(tx, file!) : undefined;
      return { file: file!, result };
    });
  } catch (err) {
    // Not recorded: the bytes go. Should that fail too, the object is named by no row (and
    // counts against no quota); the error that matters is the one thrown.
    await blobs.delete(blobKey).catch(() => undefined);
    throw err;
  }
}

/** The account's stored file `id`, or null. */
export async function storedFileOf(
  db: Db,
  accountId: string,
  id: string,
): Promise<StoredFile | null> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.accountId, accountId), eq(storedFiles.id, id)));
  return row ?? null;
}

/** Deletes the account's stored file `id` (its row, then its bytes); false when there is none. */
export async function deleteAccountFile(
  db: Database,
  blobs: BlobStore,
  accountId: string,
  id: string,
): Promise<boolean> {
  const [gone] = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.accountId, accountId), eq(storedFiles.id, id)))
    .returning({ blobKey: storedFiles.blobKey });
  if (!gone) return false;
  await blobs.delete(gone.blobKey);
  return true;
}

/**
 * Deletes the rows of the account's stored files `ids` in the caller's transaction and answers
 * their keys: the caller deletes the bytes (`blobs.delete`) once it has committed.
 */
export async function removeAccountFileRows(
  tx: Db,
  accountId: string,
  ids: string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const gone = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.accountId, accountId), inArray(storedFiles.id, ids)))
    .returning({ blobKey: storedFiles.blobKey });
  return gone.map((g) => g.blobKey);
}

/** The file-store keys of every file the account keeps (deleted with the account). */
export async function storedKeysOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.blobKey })
    .from(storedFiles)
    .where(eq(storedFiles.accountId, accountId));
  return rows.map((r) => r.key);
}
