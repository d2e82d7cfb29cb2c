/**
 * The process: load config, open and migrate the database, start background jobs and the mail
 * worker, create demo data on an empty database, listen (and serve /metrics on METRICS_PORT
 * when set); on SIGTERM/SIGINT drain (docs/operations.md, "Draining"): /readyz answers 503 at
 * once, no new jobs are taken, after DRAIN_DELAY_MS the listener stops accepting, live streams
 * are told to reconnect elsewhere, in-flight requests finish (up to DRAIN_TIMEOUT_MS), running
 * jobs finish or go back to the queue, the database closes, exit 0.
 * Tests never import this file; they use createApp() from app.ts (drain.test.ts spawns it).
 */
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { createMetricsApp } from './http/metrics.ts';
import { startBackgroundJobs } from './background-jobs.ts';
import { scoreRollupsFor } from './modules/assessments/answers/score-rollup.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobs } from './lib/jobs/index.ts';
import { createLogger } from './lib/logger.ts';
import { checkBlobStore } from './db/file-store.ts';
import { createMailer } from './lib/mail/index.ts';
import {
  newCliToken,
  readLiveServer,
  removeServerRecord,
  writeServerRecord,
} from './local-control.ts';
import { loadLibrary } from './modules/content/library.seed.ts';
import { demoBanner, seedDemoData } from './modules/demo/demo.service.ts';
import { createMailboxStore } from './modules/system/mailbox.service.ts';
import { recordMailFailure } from './modules/service-console/system/system.service.ts';

/** What the stop may take beyond the drain: running jobs (lib/jobs stopTimeoutMs) and closing. */
const STOP_AFTER_DRAIN_MS = 15_000;
/** Longer than a load balancer's idle timeout (60 s on the common ones). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);

  const usesPglite = !config.databaseUrl;
  if (usesPglite) {
    const other = readLiveServer(config.dataDir);
    if (other) {
      process.stderr.write(
        `Another Tenantry server (pid ${other.pid}, port ${other.port}) is using ${config.dataDir}. Stop it first, or set DATA_DIR to another directory.\n`,
      );
      process.exit(1);
    }
  }
  const cliToken = usesPglite ? newCliToken() : undefined;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready');

  const jobs = createJobs({
    executeSql: database.executeSql,
    logger: logger.child({ module: 'jobs' }),
  });
  await jobs.start();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    jobs,
    mailbox: createMailboxStore(database.db),
    logger: logger.child({ module: 'mail' }),
    onFailure: (failure) => recordMailFailure(database.db, failure),
  });
  const { app, auth, deps, collectMetrics } = createApp({
    config,
    database,
    logger,
    mailer,
    jobs,
    cliToken,
  });
  await checkBlobStore(deps.blobs);
  logger.info({ driver: deps.blobs.driver }, 'file store ready');
  // Content and demo data first: the periodic rollups' first run (at start) then counts them.
  const library = await loadLibrary(database.db);
  if (library.frameworks + library.playbooks + library.articles + library.translated > 0) {
    logger.info(library, 'loaded the shipped content library');
  }

  if (config.demoData) {
    const created = await seedDemoData(database.db, auth);
    if (created) process.stdout.write(`\n${demoBanner(config.publicUrl, true)}\n\n`);
  }

  const stopBackground = await startBackgroundJobs({
    config,
    db: database.db,
    blobs: deps.blobs,
    jobs,
    mailer,
    logger,
  });

  const stopHeartbeat = deps.processMonitor.start(
    database.db,
    () => deps.live.connections(),
    (err) => logger.warn({ err }, 'process heartbeat not written'),
  );

  const server: ServerType = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host },
    (info) => {
      logger.info({ address: info.address, port: info.port }, 'listening');
      if (cliToken) {
        writeServerRecord(config.dataDir, {
          pid: process.pid,
          port: info.port,
          host: config.host,
          token: cliToken,
        });
      }
      process.stdout.write(`\nTenantry is running at ${config.publicUrl}\n\n`);
    },
  );

  // Idle keep-alive connections outlive a load balancer's (60 s on the common ones) and a
  // client's pool: a server closing first races the client's next request on that socket,
  // which then fails with ECONNRESET.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }

  // GET /metrics on a port of its own (METRICS_PORT), off the public one.
  const metricsPort = config.metrics?.port;
  const metricsServer =
    collectMetrics && metricsPort !== undefined
      ? serve(
          {
            fetch: createMetricsApp(collectMetrics, config.metrics?.token).fetch,
            port: metricsPort,
            hostname: config.metrics?.host,
          },
          (info) => logger.info({ address: info.address, port: info.port }, 'metrics listening'),
        )
      : null;

  const drainDelayMs = config.drainDelayMs ?? 0;
  const drainTimeoutMs = config.drainTimeoutMs ?? 10_000;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // GET /readyz answers 503 from now on: the load balancer stops sending requests here.
    deps.lifecycle.startDraining();
    logger.info({ signal, drainDelayMs, drainTimeoutMs }, 'draining');
    const force = setTimeout(
      () => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      },
      drainDelayMs + drainTimeoutMs + STOP_AFTER_DRAIN_MS,
    );
    force.unref();
    try {
      // No new jobs for this process (other servers take them); sending still works for the
      // requests that are finishing.
      stopBackground();
      await jobs.stopWorking();
      // Keep serving while the load balancer's health checks notice /readyz.
      if (drainDelayMs > 0) await sleep(drainDelayMs);
      await drainHttp(server, deps.live, drainTimeoutMs, logger);
      // Answers saved by those requests: their live notices go out before the database closes.
      await deps.live.flush();
      await scoreRollupsFor(database.db).idle();
      await stopHeartbeat();
      // Running jobs finish, or are failed after lib/jobs' timeout and retried elsewhere.
      await jobs.stop();
      await database.close();
      if (cliToken) removeServerRecord(config.dataDir);
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops accepting connections, ends the live streams (their clients reconnect elsewhere) and
 * waits for in-flight requests, up to `timeoutMs`; then closes what is left. A connection that
 * goes idle meanwhile (a kept-alive one, or one whose stream ended) is closed at once.
 */
async function drainHttp(
  server: ServerType,
  live: { close(): Promise<void> },
  timeoutMs: number,
  logger: { warn(obj: object, msg: string): void },
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const http = 'closeIdleConnections' in server ? server : null;
  http?.closeIdleConnections();
  const idleSweep = setInterval(() => http?.closeIdleConnections(), 100);
  try {
    await live.close();
    const finished = await Promise.race([
      closed.then(() => true),
      sleep(timeoutMs).then(() => false),
    ]);
    if (!finished) {
      logger.warn({ timeoutMs }, 'requests still running after DRAIN_TIMEOUT_MS; closing them');
      http?.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(idleSweep);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Tenantry failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
