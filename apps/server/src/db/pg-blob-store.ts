/**
 * The PostgreSQL driver of the file store (lib/storage/blob-store.ts): a file is rows of `blob_chunks`
 * (key, seq, bytea of at most BLOB_CHUNK_BYTES), written as the pieces arrive and read back one
 * chunk per query, so neither side holds more than a chunk or two.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { BlobStore, BlobWriter } from '../lib/storage/blob-store.ts';
import type { Database } from './client.ts';
import { blobChunks } from './schema/account-lifecycle.ts';

/** The largest chunk stored in one row (the table's check says the same). */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

export function createPgBlobStore(db: Database): BlobStore {
  return {
    async createWriter(key): Promise<BlobWriter> {
      await db.delete(blobChunks).where(eq(blobChunks.blobKey, key));
      const hash = createHash('sha256');
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      let bytes = 0;
      const store = async (chunk: Buffer) => {
        await db.insert(blobChunks).values({ blobKey: key, seq, data: chunk });
        seq += 1;
      };
      return {
        async write(piece) {
          if (piece.length === 0) return;
          hash.update(piece);
          bytes += piece.length;
          pending.push(Buffer.from(piece));
          pendingBytes += piece.length;
          while (pendingBytes >= BLOB_CHUNK_BYTES) {
            const all = Buffer.concat(pending);
            await store(all.subarray(0, BLOB_CHUNK_BYTES));
            const rest = all.subarray(BLOB_CHUNK_BYTES);
            pending = rest.length > 0 ? [Buffer.from(rest)] : [];
            pendingBytes = rest.length;
          }
        },
        async finish() {
          if (pendingBytes > 0) await store(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
          return { bytes, sha256: hash.digest('hex') };
        },
        async abort() {
          pending = [];
          await db.delete(blobChunks).where(eq(blobChunks.blobKey, key));
        },
      };
    },

    async *read(key) {
      let after = -1;
      for (;;) {
        const [row] = await db
          .select({ seq: blobChunks.seq, data: blobChunks.data })
          .from(blobChunks)
          .where(and(eq(blobChunks.blobKey, key), gt(blobChunks.seq, after)))
          .orderBy(asc(blobChunks.seq))
          .limit(1);
        if (!row) return;
        after = row.seq;
        yield row.data;
      }
    },

    async delete(key) {
      await db.delete(blobChunks).where(eq(blobChunks.blobKey, key));
    },
  };
}
