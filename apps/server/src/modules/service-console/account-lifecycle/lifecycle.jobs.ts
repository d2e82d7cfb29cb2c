/**
 * The background work of the account lifecycle (background-jobs.ts): the worker of
 * `service.account-export`, the hourly prune of expired exports and the run that deletes the
 * accounts whose grace has passed.
 */
import type { Database } from '../../../db/client.ts';
import type { Jobs, Logger } from '../../../lib/jobs/index.ts';
import type { BlobStore } from '../../../lib/storage/blob-store.ts';
import { every } from '../../../lib/jobs/periodic.ts';
import { runDueDeletions } from './deletion.service.ts';
import {
  EXPORT_QUEUE,
  pruneAccountExports,
  runAccountExport,
  type ExportJob,
} from './exports.service.ts';

const HOUR_MS = 60 * 60_000;

/** Registers this process's worker of `service.account-export` (server and tests). */
export async function registerAccountExports(opts: {
  db: Database;
  blobs: BlobStore;
  jobs: Jobs;
  logger: Logger;
}): Promise<void> {
  const { db, blobs, jobs, logger } = opts;
  await jobs.work<ExportJob>(EXPORT_QUEUE, (job) => runAccountExport(db, blobs, logger, job));
}

/** The periodic runs; answers a function stopping their timers. */
export async function startAccountLifecycle(opts: {
  db: Database;
  blobs: BlobStore;
  jobs: Jobs;
  logger: Logger;
}): Promise<() => void> {
  const { db, blobs, jobs, logger } = opts;
  const stops = [
    await every(jobs, logger, {
      queue: 'service.account-export-prune',
      everyMs: HOUR_MS,
      run: () => pruneAccountExports(db, blobs),
      did: 'deleted expired account exports',
    }),
    await every(jobs, logger, {
      queue: 'service.account-deletion',
      everyMs: 15 * 60_000,
      run: () => runDueDeletions(db, blobs, logger),
      did: 'deleted accounts whose grace period passed',
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
