import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_S3_BUCKET, type TestS3Server } from '../../test/s3-server.ts';
import { blobStoreContract } from './blob-store.contract.ts';
import { checkBlobStore, createBlobStore } from '../../db/file-store.ts';
import { createS3BlobStore, S3_PART_BYTES } from './s3-blob-store.ts';

/** S3's smallest part: files above it become multipart uploads. */
const PART = 5 * 1024 * 1024;

let server: TestS3Server;
let store: ReturnType<typeof createS3BlobStore>;
const warnings: Array<{ err: unknown; message: string }> = [];

beforeAll(async () => {
  server = await startS3Server();
  store = createS3BlobStore(server.config('tenantry/'), {
    partBytes: PART,
    warn: (err, message) => warnings.push({ err, message }),
  });
});
afterAll(async () => {
  await server?.stop();
});

async function listKeys(client: S3Client, Prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: TEST_S3_BUCKET, Prefix, ContinuationToken }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return keys;
}

blobStoreContract(
  'S3 (s3rver)',
  () => ({
    store,
    partBytes: PART,
    storedKeys: async () => (await listKeys(store.client)).map((k) => k.replace(/^tenantry\//, '')),
  }),
  {
    // s3rver 3.7 writes an object's file in place (fs.createWriteStream on the object's path),
    // so two uploads completing at once interleave; S3 makes the last one win, whole.
    concurrentSameKeyUnsupported: 's3rver writes objects in place',
  },
);

describe('the S3 file store', () => {
  it('keeps objects under the key prefix, in one bucket', async () => {
    const w = await store.createWriter('prefixed/one');
    await w.write(Buffer.from('hello'));
    await w.finish();
    expect(await listKeys(store.client, 'tenantry/prefixed/')).toEqual(['tenantry/prefixed/one']);
  });

  it('sends parts of its part size as they fill, and one PutObject for a small file', async () => {
    const sent: Array<{ command: string; bytes?: number }> = [];
    const watched = createS3BlobStore(server.config(), { partBytes: PART });
    watched.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Body?: Uint8Array };
        sent.push({ command: context.commandName!, bytes: input.Body?.length });
        return next(args);
      },
      { step: 'initialize', name: 'record' },
    );
    const small = await watched.createWriter('watched/small');
    await small.write(randomBytes(1000));
    await small.finish();
    expect(sent).toEqual([{ command: 'PutObjectCommand', bytes: 1000 }]);
    sent.length = 0;
    const big = await watched.createWriter('watched/big');
    await big.write(randomBytes(PART - 1)); // buffered, nothing sent yet
    expect(sent).toEqual([]);
    await big.write(randomBytes(10)); // fills one part, 9 bytes stay
    expect(sent.map((s) => s.command)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
    ]);
    await big.finish();
    expect(sent).toEqual([
      { command: 'CreateMultipartUploadCommand', bytes: undefined },
      { command: 'UploadPartCommand', bytes: PART },
      { command: 'UploadPartCommand', bytes: 9 },
      { command: 'CompleteMultipartUploadCommand', bytes: undefined },
    ]);
  });

  it('aborts the multipart upload of an aborted writer', async () => {
    const sent: string[] = [];
    const warned: string[] = [];
    const watched = createS3BlobStore(server.config(), {
      partBytes: PART,
      warn: (err) => warned.push((err as Error).name),
    });
    watched.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName!);
        return next(args);
      },
      { step: 'initialize', name: 'record' },
    );
    const w = await watched.createWriter('watched/aborted');
    await w.write(randomBytes(PART + 1));
    await w.abort();
    expect(sent).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'AbortMultipartUploadCommand',
    ]);
    // s3rver 3.7 does not implement AbortMultipartUpload (405): the driver says so rather than
    // throwing, and the object never appears; on S3, MinIO, R2 and B2 the parts are deleted.
    expect(warned).toEqual(['MethodNotAllowed']);
    expect(await listKeys(watched.client, 'watched/aborted')).toEqual([]);
  });

  it('is what STORAGE_DRIVER=s3 builds, with 8 MiB parts by default', async () => {
    const built = createBlobStore(
      { storage: { driver: 's3', s3: server.config('built/') } },
      null!,
    );
    expect(built.driver).toBe('s3');
    const w = await built.createWriter('x');
    await w.write(Buffer.from('via the configuration'));
    await w.finish();
    expect(await listKeys(store.client, 'built/')).toEqual(['built/x']);
    expect(S3_PART_BYTES).toBe(8 * 1024 * 1024);
  });

  it('is checked at start: a bucket it cannot reach stops the server with a clear message', async () => {
    const good = createBlobStore({ storage: { driver: 's3', s3: server.config() } }, null!);
    await expect(checkBlobStore(good)).resolves.toBeUndefined();
    const missing = createBlobStore(
      { storage: { driver: 's3', s3: { ...server.config(), bucket: 'no-such-bucket' } } },
      null!,
    );
    await expect(checkBlobStore(missing)).rejects.toThrow(
      /The S3 bucket of STORAGE_DRIVER=s3 cannot be reached \(NotFound: .*\)\. Check S3_BUCKET/,
    );
  });

  it('keeps its files in the temporary directory it was given', () => {
    expect(existsSync(path.join(server.directory, TEST_S3_BUCKET))).toBe(true);
    expect(readdirSync(path.join(server.directory, TEST_S3_BUCKET)).length).toBeGreaterThan(0);
    // Only s3rver's missing AbortMultipartUpload was reported (the contract's aborts).
    expect(new Set(warnings.map((w) => (w.err as Error).name))).toEqual(
      new Set(['MethodNotAllowed']),
    );
  });
});
