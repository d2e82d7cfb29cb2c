/**
 * Memory of the file store under parallel uploads (docs/storage.md, issue 26): each driver in a
 * process of its own, 10 uploads of 25 MB at once, each streamed in 64 KiB pieces (as a request
 * body arrives) through the driver's writer; then the 10 files read back at once, hashed and
 * compared. A sampler records the process's RSS, V8 heap and ArrayBuffer memory every 10 ms; the
 * figures are the peaks over the baseline taken after setup (and a GC), and for the reads over
 * the one taken after the uploads (RSS seldom shrinks: memory a process once took stays counted). Buffering whole files
 * would need 250 MB more; the drivers hold a chunk (PostgreSQL, 1 MiB) or a part (S3, 8 MiB)
 * per upload.
 *
 *   npx tsx bench/storage-memory.ts [--files 10] [--mb 25] [--only pglite,postgres,s3]
 *
 * Drivers: `pglite` (the PostgreSQL driver on the embedded database, in the same process, as the
 * default deployment runs it), `postgres` (the same driver on the server at BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, in a `tenantry_bench_storage` database created
 * and dropped; skipped when none answers), `s3` (the S3 driver against s3rver, started in a
 * process of its own on 127.0.0.1 so that its memory is not counted). Writes
 * .tmp/bench-storage.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createPgBlobStore } from '../apps/server/src/db/pg-blob-store.ts';
import type { BlobStore } from '../apps/server/src/lib/storage/blob-store.ts';
import { createS3BlobStore, S3_PART_BYTES } from '../apps/server/src/lib/storage/s3-blob-store.ts';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const DRIVERS = ['pglite', 'postgres', 's3'] as const;
type Driver = (typeof DRIVERS)[number];
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'tenantry_bench_storage';
const BUCKET = 'tenantry-bench';
const PIECE = 64 * 1024;
const MB = 1024 * 1024;

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '10' },
    mb: { type: 'string', default: '25' },
    only: { type: 'string', default: DRIVERS.join(',') },
    child: { type: 'string' },
    endpoint: { type: 'string' },
  },
});
const files = Number(args.files);
const fileBytes = Number(args.mb) * 1000 * 1000;

interface Figures {
  driver: Driver;
  files: number;
  fileMB: number;
  uploadSeconds: number;
  readSeconds: number;
  /** Peaks over the baseline, MB. */
  upload: { rss: number; heap: number; arrayBuffers: number };
  read: { rss: number; heap: number; arrayBuffers: number };
  baselineRssMB: number;
}

/** The process's memory every 10 ms; peak() answers the highest since the last reset. */
function sampler() {
  let peak = { rss: 0, heap: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak = {
      rss: Math.max(peak.rss, m.rss),
      heap: Math.max(peak.heap, m.heapUsed),
      arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers),
    };
  };
  const timer = setInterval(sample, 10);
  return {
    reset() {
      peak = { rss: 0, heap: 0, arrayBuffers: 0 };
      sample();
    },
    peak() {
      sample();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const toMB = (n: number) => Math.round((n / MB) * 10) / 10;

/** A file's bytes as a request body arrives: fresh random pieces (not compressible). */
async function* body(bytes: number, hash: ReturnType<typeof createHash>) {
  for (let at = 0; at < bytes; at += PIECE) {
    const piece = randomBytes(Math.min(PIECE, bytes - at));
    hash.update(piece);
    yield piece;
  }
}

async function measure(driver: Driver, store: BlobStore): Promise<Figures> {
  const keys = Array.from({ length: files }, (_, i) => `bench/memory/${process.pid}/${i}`);
  gc();
  const base = process.memoryUsage();
  const mem = sampler();
  mem.reset();
  let t0 = performance.now();
  const sent = await Promise.all(
    keys.map(async (key) => {
      const hash = createHash('sha256');
      const w = await store.createWriter(key);
      for await (const piece of body(fileBytes, hash)) await w.write(piece);
      const stored = await w.finish();
      if (stored.sha256 !== hash.digest('hex')) throw new Error(`${key}: the hash differs`);
      return stored;
    }),
  );
  const uploadSeconds = (performance.now() - t0) / 1000;
  const up = mem.peak();
  gc();
  const readBase = process.memoryUsage();
  mem.reset();
  t0 = performance.now();
  await Promise.all(
    keys.map(async (key, i) => {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const piece of store.read(key)) {
        hash.update(piece);
        bytes += piece.length;
      }
      if (bytes !== fileBytes || hash.digest('hex') !== sent[i]!.sha256) {
        throw new Error(`${key}: read back differs`);
      }
    }),
  );
  const readSeconds = (performance.now() - t0) / 1000;
  const down = mem.peak();
  mem.stop();
  for (const key of keys) await store.delete(key);
  const over = (p: typeof up, from: NodeJS.MemoryUsage) => ({
    rss: toMB(p.rss - from.rss),
    heap: toMB(p.heap - from.heapUsed),
    arrayBuffers: toMB(p.arrayBuffers - from.arrayBuffers),
  });
  return {
    driver,
    files,
    fileMB: fileBytes / 1e6,
    uploadSeconds: Math.round(uploadSeconds * 10) / 10,
    readSeconds: Math.round(readSeconds * 10) / 10,
    upload: over(up, base),
    read: over(down, readBase),
    baselineRssMB: toMB(base.rss),
  };
}

/** One driver, in this (child) process; prints its figures as JSON. */
async function child(driver: Driver) {
  let database: DatabaseHandle | undefined;
  let store: BlobStore;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-storage-'));
  try {
    if (driver === 's3') {
      store = createS3BlobStore({
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint: args.endpoint!,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        keyPrefix: '',
      });
    } else {
      database = await openDatabase(
        driver === 'postgres'
          ? { databaseUrl: PG_URL.replace(/\/[^/]*$/, `/${BENCH_DB}`), poolMax: 20 }
          : { pgliteDir: path.join(dir, 'db') },
      );
      await database.migrate();
      store = createPgBlobStore(database.db);
    }
    process.stdout.write(`${JSON.stringify(await measure(driver, store))}\n`);
  } finally {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(argv: string[]): { proc: ChildProcess; output: Promise<string> } {
  const proc = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const output = new Promise<string>((resolve, reject) => {
    proc.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')} exited ${code}`)),
    );
  });
  return { proc, output };
}

const childArgs = (driver: Driver, extra: string[] = []) => [
  '--expose-gc',
  '--no-warnings',
  '--import',
  'tsx',
  HERE,
  '--child',
  driver,
  '--files',
  String(files),
  '--mb',
  String(args.mb),
  ...extra,
];

/** s3rver in a process of its own; answers its endpoint and a stop function. */
async function startS3rver(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-s3-'));
  const code = `
    import S3rver from 's3rver';
    const s = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(dir)},
      configureBuckets: [{ name: '${BUCKET}' }] });
    const { port } = await s.run();
    console.log(port);
    process.on('SIGTERM', () => s.close().then(() => process.exit(0)));`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    proc.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    proc.once('exit', (c) => reject(new Error(`s3rver exited ${c}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withBenchDatabase<T>(fn: () => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.error(`postgres: nothing answers at ${PG_URL}; skipped`);
    return null;
  }
  try {
    await admin.query(`drop database if exists ${BENCH_DB}`);
    await admin.query(`create database ${BENCH_DB}`);
    return await fn();
  } finally {
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}

async function main() {
  if (args.child) return child(args.child as Driver);
  const only = args.only!.split(',') as Driver[];
  const results: Figures[] = [];
  const one = async (driver: Driver, extra: string[] = []) => {
    console.error(`${driver}: ${files} × ${args.mb} MB…`);
    results.push(JSON.parse(await run(childArgs(driver, extra)).output) as Figures);
  };
  for (const driver of only) {
    if (driver === 'pglite') await one('pglite');
    if (driver === 'postgres') await withBenchDatabase(() => one('postgres'));
    if (driver === 's3') {
      const s3 = await startS3rver();
      try {
        await one('s3', ['--endpoint', s3.endpoint]);
      } finally {
        await s3.stop();
      }
    }
  }
  console.log(
    `\n${files} parallel uploads of ${args.mb} MB (${files * Number(args.mb)} MB), then read back; ` +
      `S3 part ${S3_PART_BYTES / MB} MiB. Peaks over the baseline, MB:\n`,
  );
  console.log(
    '| driver | upload s | RSS | heap | ArrayBuffers | read s | RSS | heap | ArrayBuffers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.uploadSeconds} | +${r.upload.rss} | +${r.upload.heap} | +${r.upload.arrayBuffers} ` +
        `| ${r.readSeconds} | +${r.read.rss} | +${r.read.heap} | +${r.read.arrayBuffers} |`,
    );
  }
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  writeFileSync(path.join(ROOT, '.tmp/bench-storage.json'), JSON.stringify(results, null, 2));
}

await main();
