import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('replaces a key on a new write, leaves nothing after abort() or delete()', async () => {
    const store = createPgBlobStore(handle.db);
    const first = await store.createWriter('test/b');
    await first.write(Buffer.from('old'));
    await first.finish();
    const second = await store.createWriter('test/b');
    await second.write(Buffer.from('new'));
    await second.finish();
    const read = async (key: string) => {
      const parts: Uint8Array[] = [];
      for await (const p of store.read(key)) parts.push(p);
      return Buffer.concat(parts).toString();
    };
    expect(await read('test/b')).toBe('new');
    const aborted = await store.createWriter('test/c');
    await aborted.write(randomBytes(BLOB_CHUNK_BYTES + 1));
    await aborted.abort();
    expect(await read('test/c')).toBe('');
    await store.delete('test/b');
    expect(await read('test/b')).toBe('');
  });
});
