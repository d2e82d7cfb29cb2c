/**
 * The file store: bytes kept under a key, written and read as streams so that memory stays flat
 * whatever a file's size. One driver today, PostgreSQL (db/pg-blob-store.ts: chunks of at most
 * 1 MiB in `blob_chunks`, on PGlite and with any number of servers); issue 26's storage
 * interface (with its S3-compatible driver) takes this over: a caller names a key and streams,
 * and never reads the table.
 */

/** What a finished write answers. */
export interface StoredBlob {
  bytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

/** A file being written: pieces in order, then finish() (or abort() to leave nothing). */
export interface BlobWriter {
  /** Appends bytes; resolves once what is buffered past a chunk is stored. */
  write(piece: Uint8Array): Promise<void>;
  finish(): Promise<StoredBlob>;
  abort(): Promise<void>;
}

export interface BlobStore {
  /** Starts a new file under `key`, replacing whatever was there. */
  createWriter(key: string): Promise<BlobWriter>;
  /** The file's bytes, a piece at a time; nothing when there is no such file. */
  read(key: string): AsyncIterable<Uint8Array>;
  delete(key: string): Promise<void>;
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
