/**
 * A real S3-compatible server for tests: s3rver on 127.0.0.1, on a free port, keeping its files
 * in a new temporary directory; stop() closes it and removes the directory. It checks request
 * signatures (access key and secret `S3RVER`) and implements what the S3 driver uses but
 * AbortMultipartUpload (it answers 405; docs/storage.md, "Tests").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../lib/storage/s3-blob-store.ts';

export interface TestS3Server {
  /** A configuration of the S3 driver for this server's bucket. */
  config(keyPrefix?: string): S3StorageConfig;
  /** Where s3rver keeps the bucket's objects and uploads. */
  directory: string;
  stop(): Promise<void>;
}

export const TEST_S3_BUCKET = 'tenantry-test';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tenantry-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    directory,
    config: (keyPrefix = '') => ({
      bucket: TEST_S3_BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      keyPrefix,
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
