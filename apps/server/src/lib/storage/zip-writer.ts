/**
 * A ZIP written into the file store as it is made (fflate's synchronous streaming Zip: every
 * piece it produces is handed to the store's writer before the next input is read), so memory
 * holds one input piece and at most a chunk of output whatever the archive's size. Used by the
 * account export (service console) and the evidence pack (docs/evidence.md).
 *
 * fflate writes no ZIP64: an archive stays under 4 GiB and 65,000 entries, or the write fails
 * with ZipTooLarge (its message, given by the caller, is for people).
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { BlobWriter } from './blob-store.ts';

/** What fflate's ZIP (no ZIP64) can hold, with room for the central directory. */
export const MAX_ZIP_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;
export const MAX_ZIP_FILES = 65_000;

/** The archive would pass what a ZIP without ZIP64 holds; the message is for people. */
export class ZipTooLarge extends Error {}

/** An entry as written: its path, size and SHA-256 of its (uncompressed) bytes. */
export interface ZipEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface ZipWriterOptions {
  /** The message when the archive passes MAX_ZIP_BYTES. */
  tooLarge: string;
  /** The message when it passes MAX_ZIP_FILES entries. */
  tooMany: string;
  /** Test hook: a smaller byte limit. */
  maxBytes?: number;
}

const encoder = new TextEncoder();

/** One piece, as the async iterable `file()` takes. */
export async function* once(bytes: Uint8Array | string): AsyncGenerator<Uint8Array> {
  yield typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
}

/** The ZIP being written: fflate's output, drained into the store's writer after every push. */
export class ZipWriter {
  private readonly zip: Zip;
  private queue: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly maxBytes: number;
  bytes = 0;
  files = 0;

  constructor(
    private readonly out: BlobWriter,
    private readonly options: ZipWriterOptions,
  ) {
    this.maxBytes = options.maxBytes ?? MAX_ZIP_BYTES;
    this.zip = new Zip((err, data) => {
      if (err) this.failure = err;
      else this.queue.push(data);
    });
  }

  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    const q = this.queue;
    this.queue = [];
    for (const piece of q) {
      this.bytes += piece.length;
      if (this.bytes > this.maxBytes) throw new ZipTooLarge(this.options.tooLarge);
      await this.out.write(piece);
    }
  }

  /**
   * An entry written piece by piece (deflated, or `stored` as is: already compressed files);
   * answers its size and SHA-256.
   */
  async file(path: string, pieces: AsyncIterable<Uint8Array>, stored = false): Promise<ZipEntry> {
    this.files += 1;
    if (this.files > MAX_ZIP_FILES) throw new ZipTooLarge(this.options.tooMany);
    const entry = stored ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    this.zip.add(entry);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const piece of pieces) {
      hash.update(piece);
      bytes += piece.length;
      entry.push(piece);
      await this.drain();
    }
    entry.push(new Uint8Array(0), true);
    await this.drain();
    return { path, bytes, sha256: hash.digest('hex') };
  }

  /** Writes the central directory (the caller then finishes or aborts the store's writer). */
  async end(): Promise<void> {
    this.zip.end();
    await this.drain();
  }
}
