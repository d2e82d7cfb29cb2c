/**
 * The PostgreSQL driver of the file store (lib/storage/blob-store.ts): a file is rows of
 * `blob_chunks` (key, seq, bytea of at most BLOB_CHUNK_BYTES), written as the pieces arrive and
 * read back one chunk per query, so neither side holds more than a chunk or two.
 *
 * A writer stores its chunks under a pending key of its own (`~pending/{ms}/{uuid}`, which no
 * caller's key can be) and finish() renames them to the file's key in one transaction, after the
 * old file's rows are deleted: readers see the old file or the new one, never a mix; an aborted
 * or abandoned writer leaves the old file as it was. Renaming does not copy the bytes (PostgreSQL
 * keeps an unchanged TOASTed value in place). Two writers finishing the same key take turns on
 * an advisory lock of that key; the last to finish wins.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import { assertBlobKey, type BlobStore, type BlobWriter } from '../lib/storage/blob-store.ts';
import type { Database } from './client.ts';
import { blobChunks } from './schema/account-lifecycle.ts';

/** The largest chunk stored in one row (the table's check says the same). */
export const BLOB_CHUNK_BYTES = 1024 * 1024;
const PENDING = '~pending/';

export interface PgBlobStoreOptions {
  /** Told about a failure that is not thrown (an abort that could not delete its chunks). */
  warn?: (err: unknown, message: string) => void;
}

export function createPgBlobStore(db: Database, options: PgBlobStoreOptions = {}): BlobStore {
  return {
    driver: 'postgres',

    async createWriter(key): Promise<BlobWriter> {
      assertBlobKey(key);
      const pending = `${PENDING}${Date.now()}/${randomUUID()}`;
      const hash = createHash('sha256');
      let chunks: Buffer[] = [];
      let chunkBytes = 0;
      let seq = 0;
      let bytes = 0;
      let state: 'open' | 'finished' | 'aborted' = 'open';
      const assertOpen = () => {
        if (state !== 'open') throw new Error(`this file writer is ${state}`);
      };
      const store = async (chunk: Buffer) => {
        await db.insert(blobChunks).values({ blobKey: pending, seq, data: chunk });
        seq += 1;
      };
      return {
        async write(piece) {
          assertOpen();
          if (piece.length === 0) return;
          hash.update(piece);
          bytes += piece.length;
          chunks.push(Buffer.from(piece));
          chunkBytes += piece.length;
          while (chunkBytes >= BLOB_CHUNK_BYTES) {
            const all = Buffer.concat(chunks);
            await store(all.subarray(0, BLOB_CHUNK_BYTES));
            const rest = all.subarray(BLOB_CHUNK_BYTES);
            chunks = rest.length > 0 ? [Buffer.from(rest)] : [];
            chunkBytes = rest.length;
          }
        },
        async finish() {
          assertOpen();
          if (chunkBytes > 0) await store(Buffer.concat(chunks));
          chunks = [];
          chunkBytes = 0;
          await db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
            await tx.delete(blobChunks).where(eq(blobChunks.blobKey, key));
            await tx
              .update(blobChunks)
              .set({ blobKey: key })
              .where(eq(blobChunks.blobKey, pending));
          });
          state = 'finished';
          return { bytes, sha256: hash.digest('hex') };
        },
        async abort() {
          if (state !== 'open') return;
          state = 'aborted';
          chunks = [];
          try {
            await db.delete(blobChunks).where(eq(blobChunks.blobKey, pending));
          } catch (err) {
            options.warn?.(err, 'an aborted upload could not be removed; the sweep removes it');
          }
        },
      };
    },

    async *read(key) {
      assertBlobKey(key);
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
      assertBlobKey(key);
      await db.delete(blobChunks).where(eq(blobChunks.blobKey, key));
    },

    async sweepAbandoned(before) {
      const gone = await db
        .delete(blobChunks)
        .where(
          and(
            like(blobChunks.blobKey, `${PENDING}%`),
            sql`split_part(${blobChunks.blobKey}, '/', 2)::bigint < ${before.getTime()}`,
          ),
        )
        .returning({ key: blobChunks.blobKey });
      return new Set(gone.map((g) => g.key)).size;
    },
  };
}
