/**
 * The file store: bytes kept under a key, written and read as streams so that memory stays flat
 * whatever a file's size (docs/storage.md). Two drivers behind this one interface, chosen by
 * STORAGE_DRIVER (db/file-store.ts createBlobStore):
 * - `postgres` (the default; db/pg-blob-store.ts): chunks of at most 1 MiB in `blob_chunks`, on
 *   the embedded PGlite and with any number of servers on one PostgreSQL;
 * - `s3` (lib/storage/s3-blob-store.ts): one object per key in an S3-compatible bucket, written
 *   by multipart upload a part at a time.
 * A caller names a key and streams, and never reads the table or the bucket itself. Both drivers
 * pass the same tests (blob-store.contract.ts).
 */

/** What a finished write answers. */
export interface StoredBlob {
  bytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

/**
 * A file being written: pieces in order, then finish() (or abort() to leave nothing). Until
 * finish() resolves, readers of the key still see the file that was there before (if any); a
 * writer that is aborted, or never finished, leaves that file as it was.
 */
export interface BlobWriter {
  /** Appends bytes (copied: the caller may reuse its buffer); resolves once they are buffered or stored. */
  write(piece: Uint8Array): Promise<void>;
  finish(): Promise<StoredBlob>;
  /** Drops what was written. Best effort: it never throws (it is called on error paths). */
  abort(): Promise<void>;
}

export interface BlobStore {
  /** Which driver this is (logs, the service console). */
  readonly driver: 'postgres' | 's3';
  /** Starts a new file under `key` (see assertBlobKey), replacing what is there once finished. */
  createWriter(key: string): Promise<BlobWriter>;
  /** The file's bytes, a piece at a time; nothing when there is no such file. */
  read(key: string): AsyncIterable<Uint8Array>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes what writers that never finished nor aborted (a process that died mid-upload) left
   * before `before`; answers how many. The S3 driver leaves that to the bucket's lifecycle rule
   * (AbortIncompleteMultipartUpload, docs/storage.md) and answers 0.
   */
  sweepAbandoned(before: Date): Promise<number>;
}

/** The longest key, well inside S3's 1,024 bytes with a key prefix in front. */
export const BLOB_KEY_MAX = 512;
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Keys are the server's own names, never a user's file name: ASCII letters, digits, `.`, `_`,
 * `-`, in segments joined by `/`, each starting with a letter or digit (so no `..`, no leading or
 * doubled `/`), at most BLOB_KEY_MAX long. The same key is then valid on every driver.
 */
export function assertBlobKey(key: string): void {
  if (key.length === 0 || key.length > BLOB_KEY_MAX || !KEY_PATTERN.test(key)) {
    throw new TypeError(`not a valid file-store key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** A ReadableStream (for a response body) of a stored file. */
export function blobStream(store: BlobStore, key: string): ReadableStream<Uint8Array> {
  const it = store.read(key)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}
