import { createHash, randomBytes } from 'node:crypto';
import {
  BillingSummarySchema,
  PLANS,
  STORAGE_ERROR_CODES,
  type StorageQuotaDetails,
} from '@tenantry/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, blobChunks, storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { ok } from '../../test/http.ts';
import { signUpPerson, type Person } from '../../test/people.ts';
import {
  assertStorageRoom,
  deleteAccountFile,
  storageUsageOf,
  storeAccountFile,
} from './stored-files.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const DAY = 86_400_000;

async function* pieces(data: Buffer, size = 64 * 1024) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const store = (
  p: Person,
  data: Buffer,
  extra: { maxBytes?: number; declaredBytes?: number } = {},
) =>
  storeAccountFile(t.database.db, t.deps.blobs, {
    accountId: p.tid,
    purpose: 'evidence',
    createdBy: p.uid,
    source: pieces(data),
    maxBytes: extra.maxBytes ?? 25 * MB,
    declaredBytes: extra.declaredBytes,
  });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** Nothing of the account in the file store or in stored_files. */
async function nothingStored(p: Person) {
  const rows = await t.database.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.accountId, p.tid));
  const chunks = await t.database.db
    .select({ key: blobChunks.blobKey })
    .from(blobChunks)
    .where(like(blobChunks.blobKey, `accounts/${p.tid}/%`));
  return rows.length === 0 && chunks.length === 0;
}

/** The account's trial is over: it is on Free (250 MB). */
async function onFree(p: Person) {
  await t.database.db
    .update(accounts)
    .set({ createdAt: new Date(Date.now() - 15 * DAY) })
    .where(eq(accounts.id, p.tid));
}

/** Pretends the account already keeps `bytes` (one row, no bytes behind it). */
async function alreadyKeeps(p: Person, bytes: number) {
  const id = crypto.randomUUID();
  await t.database.db.insert(storedFiles).values({
    id,
    accountId: p.tid,
    purpose: 'evidence',
    blobKey: `accounts/${p.tid}/evidence/${id}`,
    bytes,
    sha256: '0'.repeat(64),
  });
}

describe('stored files and the storage quota', () => {
  it('streams a file in, records its size and hash, and counts it on the billing tab', async () => {
    const owner = await signUpPerson(t, 'files');
    const empty = BillingSummarySchema.parse(await ok(owner.client.get('/api/v1/billing')));
    expect(empty.storage).toEqual({ usedBytes: 0, files: 0, quotaBytes: PLANS.pro.storageBytes });

    const data = randomBytes(3 * MB + 17);
    const { file } = await store(owner, data);
    expect(file).toMatchObject({
      accountId: owner.tid,
      purpose: 'evidence',
      bytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      blobKey: `accounts/${owner.tid}/evidence/${file.id}`,
    });
    const back: Uint8Array[] = [];
    for await (const p of t.deps.blobs.read(file.blobKey)) back.push(p);
    expect(Buffer.concat(back).equals(data)).toBe(true);

    const billing = BillingSummarySchema.parse(await ok(owner.client.get('/api/v1/billing')));
    expect(billing.storage).toEqual({
      usedBytes: data.length,
      files: 1,
      quotaBytes: PLANS.pro.storageBytes,
    });
  });

  it('refuses a file over the largest size as it streams, keeping nothing', async () => {
    const owner = await signUpPerson(t, 'files-big');
    const declared = await refusal(
      store(owner, randomBytes(10), { maxBytes: 5, declaredBytes: 10 }),
    );
    expect([declared.status, declared.code]).toEqual([413, STORAGE_ERROR_CODES.fileTooLarge]);
    const streamed = await refusal(store(owner, randomBytes(2 * MB + 1), { maxBytes: 2 * MB }));
    expect([streamed.status, streamed.code]).toEqual([413, STORAGE_ERROR_CODES.fileTooLarge]);
    expect(streamed.details).toEqual({ maxBytes: 2 * MB });
    expect(await nothingStored(owner)).toBe(true);
  });

  it('refuses what would pass the plan’s quota, before and while reading, keeping nothing', async () => {
    const owner = await signUpPerson(t, 'files-quota');
    await onFree(owner);
    const quota = PLANS.free.storageBytes;
    expect((await storageUsageOf(t.database.db, owner.tid)).quotaBytes).toBe(quota);
    await alreadyKeeps(owner, quota - MB);
    await expect(assertStorageRoom(t.database.db, owner.tid, MB)).resolves.toBeUndefined();

    const early = await refusal(assertStorageRoom(t.database.db, owner.tid, MB + 1));
    expect([early.status, early.code]).toEqual([413, STORAGE_ERROR_CODES.quotaExceeded]);
    expect(early.details).toEqual({
      usedBytes: quota - MB,
      quotaBytes: quota,
      incomingBytes: MB + 1,
      plan: 'free',
    } satisfies StorageQuotaDetails);
    expect(early.message).toBe(
      'The Free plan includes 250 MB of file storage and 1 MB is left; this file needs 1 MB. ' +
        'Delete files you no longer need or upgrade the plan.',
    );
    const declared = await refusal(store(owner, randomBytes(10), { declaredBytes: 2 * MB }));
    expect(declared.code).toBe(STORAGE_ERROR_CODES.quotaExceeded);
    // Without a declared size, it is refused once the bytes read pass the quota.
    const streamed = await refusal(store(owner, randomBytes(MB + 10)));
    expect(streamed.code).toBe(STORAGE_ERROR_CODES.quotaExceeded);
    const rows = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.accountId, owner.tid));
    expect(rows.length).toBe(1); // only the pretended one
    // Exactly what is left fits.
    await store(owner, randomBytes(MB));
    expect((await storageUsageOf(t.database.db, owner.tid)).usedBytes).toBe(quota);
    const full = await refusal(assertStorageRoom(t.database.db, owner.tid, 1));
    expect(full.code).toBe(STORAGE_ERROR_CODES.quotaExceeded);
  });

  it('keeps nothing when the caller’s own rows fail in the same transaction', async () => {
    const owner = await signUpPerson(t, 'files-rollback');
    await expect(
      storeAccountFile(t.database.db, t.deps.blobs, {
        accountId: owner.tid,
        purpose: 'evidence',
        createdBy: owner.uid,
        source: pieces(randomBytes(2 * MB)),
        maxBytes: 25 * MB,
        onStored: async () => {
          throw new Error('the evidence row could not be written');
        },
      }),
    ).rejects.toThrow('the evidence row could not be written');
    expect(await nothingStored(owner)).toBe(true);
  });

  it('takes many uploads to one account at once: no counter row to queue on', async () => {
    const owner = await signUpPerson(t, 'files-parallel');
    const files = Array.from({ length: 12 }, (_, i) => randomBytes(100_000 + i));
    const stored = await Promise.all(files.map((f) => store(owner, f)));
    expect(new Set(stored.map((s) => s.file.id)).size).toBe(12);
    expect(await storageUsageOf(t.database.db, owner.tid)).toMatchObject({
      files: 12,
      usedBytes: files.reduce((n, f) => n + f.length, 0),
    });
  });

  it('deletes a file of the account only, bytes and all', async () => {
    const owner = await signUpPerson(t, 'files-delete');
    const other = await signUpPerson(t, 'files-other');
    const { file } = await store(owner, randomBytes(1000));
    expect(await deleteAccountFile(t.database.db, t.deps.blobs, other.tid, file.id)).toBe(false);
    expect((await storageUsageOf(t.database.db, owner.tid)).files).toBe(1);
    expect(await deleteAccountFile(t.database.db, t.deps.blobs, owner.tid, file.id)).toBe(true);
    expect(await nothingStored(owner)).toBe(true);
  });
});
