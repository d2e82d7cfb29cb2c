import { createHash, randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from '../lib/storage/blob-store.contract.ts';
import { blobStream } from '../lib/storage/blob-store.ts';
import type { DatabaseHandle } from './client.ts';
import { blobChunks } from './schema/index.ts';
import { createTestDatabase } from '../test/db.ts';
import { BLOB_CHUNK_BYTES, createPgBlobStore } from './pg-blob-store.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

blobStoreContract('PostgreSQL', () => ({
  store: createPgBlobStore(handle.db),
  partBytes: BLOB_CHUNK_BYTES,
  storedKeys: async () =>
    (await handle.db.selectDistinct({ key: blobChunks.blobKey }).from(blobChunks)).map(
      (r) => r.key,
    ),
}));

describe('the PostgreSQL file store', () => {
  it('stores pieces of any size as chunks of at most 1 MiB and streams them back whole', async () => {
    const store = createPgBlobStore(handle.db);
    const data = randomBytes(2 * BLOB_CHUNK_BYTES + 12_345);
    const w = await store.createWriter('test/a');
    // Odd pieces: small ones, then one larger than a chunk.
    await w.write(data.subarray(0, 10));
    await w.write(data.subarray(10, 300_000));
    await w.write(data.subarray(300_000));
    const stored = await w.finish();
    expect(stored).toEqual({
      bytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    const rows = await handle.db
      .select({ seq: blobChunks.seq, data: blobChunks.data })
      .from(blobChunks)
      .where(eq(blobChunks.blobKey, 'test/a'));
    expect(rows.map((r) => r.data.length).sort((a, b) => b - a)).toEqual([
      BLOB_CHUNK_BYTES,
      BLOB_CHUNK_BYTES,
      12_345,
    ]);
    const back = Buffer.from(await new Response(blobStream(store, 'test/a')).arrayBuffer());
    expect(back.equals(data)).toBe(true);
  });

  it('sweeps the chunks of writers that never finished, once they are old enough', async () => {
    const store = createPgBlobStore(handle.db);
    const pending = like(blobChunks.blobKey, '~pending/%');
    await store.sweepAbandoned(new Date(Date.now() + 60_000)); // what other tests left
    const w = await store.createWriter('test/abandoned');
    await w.write(randomBytes(BLOB_CHUNK_BYTES + 1)); // one chunk stored, then the process "dies"
    const count = async () => (await handle.db.select().from(blobChunks).where(pending)).length;
    expect(await count()).toBe(1);
    expect(await store.sweepAbandoned(new Date(Date.now() - 60_000))).toBe(0);
    expect(await count()).toBe(1);
    expect(await store.sweepAbandoned(new Date(Date.now() + 60_000))).toBe(1);
    expect(await count()).toBe(0);
  });
});
