/**
 * Every worker and every periodic run of the process, in one place (docs/architecture.md,
 * "Background work"), the way app.ts lists the routes. Work runs through the job queue
 * (lib/jobs, on PostgreSQL or PGlite), so with several processes each job runs once; periodic
 * work is asked for by every process's timer and de-duplicated by the queue
 * (lib/jobs/periodic.ts). The returned function stops the timers (the queue stops with jobs).
 */
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { pruneLiveEvents } from './db/live.ts';
import type { Jobs } from './lib/jobs/index.ts';
import type { BlobStore } from './lib/storage/blob-store.ts';
import { every } from './lib/jobs/periodic.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail/index.ts';
import { sweepDueRollups } from './modules/assessments/answers/score-rollup.ts';
import { startDunning } from './modules/billing/dunning.ts';
import { startReminders } from './modules/remediation/reminders.ts';
import { startEvidenceExpiry } from './modules/evidence-expiry/evidence-expiry.run.ts';
import { startRespondentReminders } from './modules/assessments/reminders/reminders.run.ts';
import { startSchedules } from './modules/schedules/schedules.run.ts';
import { sealAuditChain } from './modules/service-console/audit/audit-chain.ts';
import { registerAuditVerification } from './modules/service-console/audit/audit-verify.ts';
import { rollUpAnalytics } from './modules/service-console/analytics/analytics-rollup.ts';
import { registerReports } from './modules/reports/reports.worker.ts';
import {
  registerEvidencePacks,
  startEvidencePackPrune,
} from './modules/evidence-packs/evidence-packs.worker.ts';
import {
  registerAccountExports,
  startAccountLifecycle,
} from './modules/service-console/account-lifecycle/lifecycle.jobs.ts';
import { startSupportAutoClose } from './modules/support/support.autoclose.ts';
import { startWebhookDispatcher } from './modules/webhooks/webhooks.dispatch.ts';
import {
  rollUpService,
  SERVICE_ROLLUP_MS,
} from './modules/service-console/overview/overview.rollup.ts';
import { registerTestHooks } from './modules/service-console/system/test-hooks.ts';

/** How long live events are kept for reconnecting streams to replay. */
const LIVE_EVENTS_KEEP_MS = 24 * 60 * 60_000;
/** How often new audit entries are sealed into the hash chain (audit-chain.ts). */
const AUDIT_SEAL_MS = 10_000;
/** How often scores left due by a stopped process are rolled up (score-rollup.ts). */
const SCORE_SWEEP_MS = 30_000;

export async function startBackgroundJobs(deps: {
  config: AppConfig;
  db: Database;
  blobs: BlobStore;
  jobs: Jobs;
  mailer: Mailer;
  logger: Logger;
}): Promise<() => void> {
  const { config, db, blobs, jobs, mailer, logger } = deps;
  const log = (module: string) => logger.child({ module });
  await mailer.register();
  await registerReports({ db, jobs, logger: log('reports') });
  await registerAccountExports({ db, blobs, jobs, logger: log('account-lifecycle') });
  await registerEvidencePacks({ db, blobs, jobs, logger: log('evidence') });
  await registerAuditVerification({ db, jobs, logger: log('audit') });
  if (config.testHooks) await registerTestHooks(jobs);
  const stops = [
    // Live events are replayed for minutes (reconnects), not kept.
    await every(jobs, log('live'), {
      queue: 'live.prune',
      everyMs: 60 * 60_000,
      run: () => pruneLiveEvents(db, LIVE_EVENTS_KEEP_MS),
      did: 'pruned old live events',
    }),
    // Scores still due from a process that stopped between an answer and its roll-up.
    await every(jobs, log('assessments'), {
      queue: 'assessments.score-sweep',
      everyMs: SCORE_SWEEP_MS,
      retryLimit: 0,
      run: () => sweepDueRollups(db),
      did: 'rolled up scores left due',
    }),
    // Audit entries are sealed into the hash chain seconds after they are written.
    await every(jobs, log('audit'), {
      queue: 'audit.seal',
      everyMs: AUDIT_SEAL_MS,
      retryLimit: 0,
      run: () => sealAuditChain(db),
      did: 'sealed audit entries',
    }),
    // The analytics tab reads daily rollups of the events, brought up to date every 5 minutes.
    await every(jobs, log('analytics'), {
      queue: 'analytics.rollup',
      everyMs: 5 * 60_000,
      run: () => rollUpAnalytics(db).then((r) => r.days),
      did: 'rolled up analytics days',
    }),
    // The service console's overview figures (service_daily): today, yesterday, missing days.
    await every(jobs, log('service'), {
      queue: 'service.rollup',
      everyMs: SERVICE_ROLLUP_MS,
      retryLimit: 0,
      run: () => rollUpService(db, { defaultProvider: config.billingProvider }),
      did: 'rolled up the service overview',
    }),
    await startDunning({
      db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      logger: log('dunning'),
    }),
    await startReminders({
      db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      logger: log('reminders'),
    }),
    // Reminders to respondents of open assessments, and the owners' summaries.
    await startRespondentReminders({
      db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      logger: log('respondent-reminders'),
    }),
    // Evidence expiring within 30 days, or expired: its owners hear once per state change.
    await startEvidenceExpiry({
      db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      logger: log('evidence'),
    }),
    // Recurring assessments: each period's assessment, created its lead time before the due date.
    await startSchedules({
      db,
      jobs,
      mailer,
      publicUrl: config.publicUrl,
      logger: log('schedules'),
    }),
    await startSupportAutoClose({ db, jobs, logger: log('support') }),
    await startAccountLifecycle({ db, blobs, jobs, logger: log('account-lifecycle') }),
    // Evidence packs older than a week, with their ZIP (and the ZIPs of failed ones).
    await startEvidencePackPrune({ db, blobs, jobs, logger: log('evidence') }),
    // Chunks of uploads whose process died mid-way (the PostgreSQL driver; S3's own lifecycle
    // rule does this for the bucket), a day after they were started.
    await every(jobs, log('storage'), {
      queue: 'storage.sweep',
      everyMs: 6 * 60 * 60_000,
      run: () => blobs.sweepAbandoned(new Date(Date.now() - 24 * 60 * 60_000)),
      did: 'removed abandoned uploads',
    }),
    await startWebhookDispatcher({
      db,
      jobs,
      logger: log('webhooks'),
      allowPrivateUrls: config.webhookAllowPrivateUrls ?? false,
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
