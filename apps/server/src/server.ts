/**
 * The process: load config, open and migrate the database, start background jobs and the mail
 * worker, create demo data on an empty database, listen; on SIGTERM/SIGINT stop accepting,
 * finish in-flight requests, stop jobs, close the database and exit 0.
 * Tests never import this file; they use createApp() from app.ts.
 */
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { pruneLiveEvents } from './db/live.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobs } from './lib/jobs/index.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mail/index.ts';
import {
  newCliToken,
  readLiveServer,
  removeServerRecord,
  writeServerRecord,
} from './local-control.ts';
import { loadLibrary } from './modules/content/library.seed.ts';
import { demoBanner, seedDemoData } from './modules/demo/demo.service.ts';
import { startDunning } from './modules/billing/dunning.ts';
import { startReminders } from './modules/remediation/reminders.ts';
import { registerReports } from './modules/reports/reports.worker.ts';
import { startSupportAutoClose } from './modules/support/support.autoclose.ts';
import { scoreRollupsFor, sweepDueRollups } from './modules/assessments/score-rollup.ts';
import { startWebhookDispatcher } from './modules/webhooks/webhooks.dispatch.ts';
import { createMailboxStore } from './modules/system/mailbox.service.ts';

/** How long live events are kept for reconnecting streams to replay. */
const LIVE_EVENTS_KEEP_MS = 24 * 60 * 60_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** How often any process rolls up scores left due (score-rollup.ts). */
const SCORE_SWEEP_MS = 30_000;

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
  });
  await mailer.register();
  await registerReports({ db: database.db, jobs, logger: logger.child({ module: 'reports' }) });

  const { app, auth, deps } = createApp({ config, database, logger, mailer, jobs, cliToken });
  // Live events are replayed for minutes (reconnects), not kept: any process may prune them.
  const pruneLive = setInterval(
    () => void pruneLiveEvents(database.db, LIVE_EVENTS_KEEP_MS).catch(() => {}),
    60 * 60_000,
  );
  pruneLive.unref();
  // Scores still due from a process that stopped between an answer and its roll-up (and at
  // start, this one's own): any process may roll them up.
  const sweepScores = () =>
    void sweepDueRollups(database.db).catch((err: unknown) =>
      logger.warn({ err }, 'score roll-up sweep failed'),
    );
  const scoreSweep = setInterval(sweepScores, SCORE_SWEEP_MS);
  scoreSweep.unref();
  sweepScores();
  const stopDunning = await startDunning({
    db: database.db,
    jobs,
    mailer,
    publicUrl: config.publicUrl,
    logger: logger.child({ module: 'dunning' }),
  });
  const stopReminders = await startReminders({
    db: database.db,
    jobs,
    mailer,
    publicUrl: config.publicUrl,
    logger: logger.child({ module: 'reminders' }),
  });
  const stopSupportAutoClose = await startSupportAutoClose({
    db: database.db,
    jobs,
    logger: logger.child({ module: 'support' }),
  });
  const stopWebhooks = await startWebhookDispatcher({
    db: database.db,
    jobs,
    logger: logger.child({ module: 'webhooks' }),
    allowPrivateUrls: config.webhookAllowPrivateUrls ?? false,
  });

  const library = await loadLibrary(database.db);
  if (library.frameworks + library.playbooks + library.articles > 0) {
    logger.info(library, 'loaded the shipped content library');
  }

  if (config.demoData) {
    const created = await seedDemoData(database.db, auth);
    if (created) process.stdout.write(`\n${demoBanner(config.publicUrl, true)}\n\n`);
  }

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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      clearInterval(pruneLive);
      clearInterval(scoreSweep);
      stopReminders();
      stopSupportAutoClose();
      stopWebhooks();
      stopDunning();
      // Open live streams end (browsers reconnect to another process) so the close can finish.
      await deps.live.close();
      // Stop accepting; in-flight requests finish, idle keep-alive sockets close.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      // Answers saved by those requests: their live notices go out before the database closes.
      await deps.live.flush();
      await scoreRollupsFor(database.db).idle();
      await jobs.stop();
      await database.close();
      if (cliToken) removeServerRecord(config.dataDir);
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

main().catch((err: unknown) => {
  process.stderr.write(
    `Tenantry failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
