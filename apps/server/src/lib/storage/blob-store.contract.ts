/**
 * The tests every file-store driver passes (lib/storage/blob-store.ts), run against each driver
 * by its own test file: db/pg-blob-store.test.ts (PGlite or PostgreSQL) and
 * lib/storage/s3-blob-store.test.ts (a real S3-compatible server, test/s3-server.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';

export interface ContractSubject {
  store: BlobStore;
  /** The driver's unit of storage (a chunk row, an upload part): files above it span several. */
  partBytes: number;
  /** Every key the backing store holds anything under, pending uploads included. */
  storedKeys(): Promise<string[]>;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function readAll(store: BlobStore, key: string): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of store.read(key)) parts.push(p);
  return Buffer.concat(parts);
}

/** Writes `data` in pieces of the sizes given (the rest in one), answers finish(). */
async function put(store: BlobStore, key: string, data: Buffer, pieces: number[] = []) {
  const w = await store.createWriter(key);
  let at = 0;
  for (const n of pieces) {
    await w.write(data.subarray(at, at + n));
    at += n;
  }
  if (at < data.length) await w.write(data.subarray(at));
  return w.finish();
}

let n = 0;
const newKey = (what: string) => `contract/${process.pid}-${Date.now()}-${(n += 1)}/${what}`;

export interface ContractOptions {
  /**
   * Why a test server cannot show that two writers finishing one key leave one whole file
   * (s3rver writes an object in place; S3 itself makes the last finished write win whole).
   */
  concurrentSameKeyUnsupported?: string;
}

export function blobStoreContract(
  name: string,
  subject: () => ContractSubject,
  options: ContractOptions = {},
): void {
  describe(`the file store contract: ${name}`, () => {
    it.each([
      ['0 bytes', 0, []],
      ['1 byte', 1, []],
      ['several small pieces', 100_000, [1, 10, 4_096, 65_536]],
      ['more than one part, in odd pieces', -1, [10, 300_000]],
    ] as Array<[string, number, number[]]>)(
      'stores %s and streams them back with their size and SHA-256',
      async (_what, size, pieces) => {
        const { store, partBytes } = subject();
        const data = randomBytes(size >= 0 ? size : 2 * partBytes + 12_345);
        const key = newKey('file');
        expect(await put(store, key, data, pieces)).toEqual({
          bytes: data.length,
          sha256: sha(data),
        });
        const back = await readAll(store, key);
        expect(back.length).toBe(data.length);
        expect(back.equals(data)).toBe(true);
      },
    );

    it('copies what it is given: the caller may reuse its buffer', async () => {
      const { store } = subject();
      const key = newKey('reuse');
      const buf = Buffer.alloc(1000, 1);
      const w = await store.createWriter(key);
      await w.write(buf);
      buf.fill(2);
      await w.write(buf);
      await w.finish();
      const back = await readAll(store, key);
      expect(back.subarray(0, 1000).every((b) => b === 1)).toBe(true);
      expect(back.subarray(1000).every((b) => b === 2)).toBe(true);
    });

    it('reads nothing for a key with no file, and deleting it does nothing', async () => {
      const { store } = subject();
      const key = newKey('missing');
      expect((await readAll(store, key)).length).toBe(0);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('replaces a file under the same key once the new one is finished', async () => {
      const { store, partBytes } = subject();
      const key = newKey('replaced');
      const old = randomBytes(partBytes + 5);
      await put(store, key, old);
      const next = randomBytes(partBytes + 99);
      const w = await store.createWriter(key);
      await w.write(next);
      // Until finish() readers still get the old file, whole.
      expect((await readAll(store, key)).equals(old)).toBe(true);
      expect(await w.finish()).toEqual({ bytes: next.length, sha256: sha(next) });
      expect((await readAll(store, key)).equals(next)).toBe(true);
      // A replacement that is aborted leaves the file as it was.
      const dropped = await store.createWriter(key);
      await dropped.write(randomBytes(partBytes + 1));
      await dropped.abort();
      expect((await readAll(store, key)).equals(next)).toBe(true);
    });

    it('deletes a file', async () => {
      const { store, partBytes } = subject();
      const key = newKey('deleted');
      await put(store, key, randomBytes(partBytes + 1));
      await store.delete(key);
      expect((await readAll(store, key)).length).toBe(0);
      expect(await subject().storedKeys()).not.toContain(key);
    });

    it('leaves nothing after abort(), small or spanning parts, and refuses writes after it', async () => {
      const { store, partBytes, storedKeys } = subject();
      const before = new Set(await storedKeys());
      for (const size of [10, 2 * partBytes + 7]) {
        const key = newKey(`aborted-${size}`);
        const w = await store.createWriter(key);
        await w.write(randomBytes(size));
        await w.abort();
        await w.abort(); // twice is fine
        await expect(w.write(Buffer.from('x'))).rejects.toThrow(/aborted/);
        await expect(w.finish()).rejects.toThrow(/aborted/);
        expect((await readAll(store, key)).length).toBe(0);
      }
      const after = (await storedKeys()).filter((k) => !before.has(k));
      expect(after).toEqual([]);
    });

    it('refuses writes after finish()', async () => {
      const { store } = subject();
      const w = await store.createWriter(newKey('finished'));
      await w.write(Buffer.from('done'));
      await w.finish();
      await expect(w.write(Buffer.from('more'))).rejects.toThrow(/finished/);
    });

    it('keeps concurrent writers to different keys apart', async () => {
      const { store, partBytes } = subject();
      const files = Array.from({ length: 6 }, (_, i) => ({
        key: newKey(`parallel-${i}`),
        data: randomBytes(i % 2 === 0 ? partBytes + 1_000 * i : 777 * (i + 1)),
      }));
      const writers = await Promise.all(files.map((f) => store.createWriter(f.key)));
      // Interleaved: every writer gets a piece in turn.
      const piece = 64 * 1024;
      for (let at = 0; files.some((f) => at < f.data.length); at += piece) {
        await Promise.all(
          files.map((f, i) =>
            at < f.data.length ? writers[i]!.write(f.data.subarray(at, at + piece)) : undefined,
          ),
        );
      }
      const stored = await Promise.all(writers.map((w) => w.finish()));
      for (const [i, f] of files.entries()) {
        expect(stored[i]).toEqual({ bytes: f.data.length, sha256: sha(f.data) });
        expect((await readAll(store, f.key)).equals(f.data)).toBe(true);
      }
    });

    it.skipIf(options.concurrentSameKeyUnsupported)(
      'answers one whole file when two writers finish the same key',
      async () => {
        const { store, partBytes } = subject();
        const key = newKey('contended');
        const a = randomBytes(partBytes + 11);
        const b = randomBytes(partBytes + 22);
        const [wa, wb] = [await store.createWriter(key), await store.createWriter(key)];
        await Promise.all([wa.write(a), wb.write(b)]);
        await Promise.all([wa.finish(), wb.finish()]);
        const back = await readAll(store, key);
        expect(back.equals(a) || back.equals(b)).toBe(true);
      },
    );

    it('stops reading when the reader stops', async () => {
      const { store, partBytes } = subject();
      const key = newKey('early');
      const data = randomBytes(2 * partBytes + 1);
      await put(store, key, data);
      for await (const first of store.read(key)) {
        expect(first.length).toBeGreaterThan(0);
        break;
      }
      expect((await readAll(store, key)).equals(data)).toBe(true);
    });

    it.each(['', '/a', 'a//b', 'a/../b', '../a', 'a/', '~pending/1/x', 'a b', 'é', 'a\0b'])(
      'refuses the key %j',
      async (key) => {
        const { store } = subject();
        await expect(store.createWriter(key)).rejects.toThrow(/not a valid file-store key/);
        await expect(store.delete(key)).rejects.toThrow(/not a valid file-store key/);
      },
    );
  });
}
