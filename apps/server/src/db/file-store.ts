/**
 * The file store the whole app uses (AppDeps.blobs), built once from STORAGE_DRIVER
 * (config.ts `storage`; docs/storage.md).
 */
import type { AppConfig } from '../config.ts';
import type { Database } from './client.ts';
import { createPgBlobStore } from './pg-blob-store.ts';
import type { Logger } from '../lib/logger.ts';
import type { BlobStore } from '../lib/storage/blob-store.ts';
import type { S3StorageConfig } from '../lib/storage/s3-blob-store.ts';

export function createBlobStore(
  config: Pick<AppConfig, 'storage'>,
  db: Database,
  logger?: Logger,
): BlobStore {
  const warn = (err: unknown, message: string) => logger?.warn({ err, module: 'storage' }, message);
  const storage = config.storage ?? { driver: 'postgres' };
  if (storage.driver === 's3') return lazyS3BlobStore(storage.s3, warn);
  return createPgBlobStore(db, { warn });
}

/**
 * The S3 driver, its module (and the AWS SDK, ~120 ms and some MB to load) imported on first
 * use, so that a deployment on the default driver never loads it.
 */
function lazyS3BlobStore(
  config: S3StorageConfig,
  warn: (err: unknown, message: string) => void,
): BlobStore & { probe(): Promise<void> } {
  let loading: ReturnType<typeof load> | undefined;
  const load = async () =>
    (await import('../lib/storage/s3-blob-store.ts')).createS3BlobStore(config, { warn });
  const store = () => (loading ??= load());
  return {
    driver: 's3',
    probe: async () => (await store()).probe(),
    createWriter: async (key) => (await store()).createWriter(key),
    async *read(key) {
      yield* (await store()).read(key);
    },
    delete: async (key) => (await store()).delete(key),
    sweepAbandoned: async (before) => (await store()).sweepAbandoned(before),
  };
}

/**
 * Checked once at start (server.ts): an S3 bucket that cannot be reached stops the server with
 * the service's answer rather than failing the first upload.
 */
export async function checkBlobStore(store: BlobStore): Promise<void> {
  const probe = (store as BlobStore & { probe?: () => Promise<void> }).probe;
  if (!probe) return;
  try {
    await probe.call(store);
  } catch (err) {
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new Error(
      `The S3 bucket of STORAGE_DRIVER=s3 cannot be reached (${why}). Check S3_BUCKET, ` +
        'S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and the credentials (docs/storage.md).',
      { cause: err },
    );
  }
}
