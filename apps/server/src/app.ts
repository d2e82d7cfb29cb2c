import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { ErrorCode } from '@tenantry/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { ZodError } from 'zod';
import { createAuth, type Auth, type AuthHooks } from './auth/auth.ts';
import { createRouter, type AppDeps, type AppEnv, type ClientIpResolver } from './auth/context.ts';
import { createAuthHandler } from './auth/handler.ts';
import { createSessionCache } from './auth/session.ts';
import { watchSupportSessions } from './auth/guards.ts';
import { trustedOrigins, type AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLiveHub } from './db/live.ts';
import { createRateLimiter } from './db/rate-limit.ts';
import { createBenchRoutes } from './http/bench-routes.ts';
import { compressResponses } from './http/compress.ts';
import { createMetricsCollector, METRICS_PATH, metricsHandler } from './http/metrics.ts';
import { createWebRoutes } from './http/static-web.ts';
import { readVersionTimestamp } from './http/static-web.service.ts';
import { errorPage, isNavigation } from './lib/error-page.ts';
import { AppError, errorBody, fieldsFromIssues } from './lib/errors.ts';
import { csrfProtection, requestLogger, securityHeaders } from './lib/http.ts';
import type { Jobs } from './lib/jobs/index.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import { createBlobStore } from './db/file-store.ts';
import type { BlobStore } from './lib/storage/blob-store.ts';
import { clientAddress, trustedProxyList } from './lib/client-address.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import type { MailSender } from './lib/mail/index.ts';
import { validationHook } from './lib/openapi.ts';
import { createCliRoute } from './local-control.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { ensureOwnAccount } from './modules/accounts/accounts.service.ts';
import { mailBrand } from './modules/accounts/brand.service.ts';
import { frameworkRoutes } from './modules/content/frameworks.routes.ts';
import { frameworkForkRoutes } from './modules/content/frameworks.forks.routes.ts';
import { articleRoutes, playbookRoutes } from './modules/content/items.routes.ts';
import { libraryRoutes } from './modules/content/library.routes.ts';
import { contentMediaRoutes } from './modules/content/media.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { recordSignIn, recordSignInFailure } from './modules/audit/audit.service.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { secondFactorRoutes } from './modules/identity/second-factors.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { invitationRoutes } from './modules/members/invitations.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { supportCustomerRoutes } from './modules/support/customer.routes.ts';
import { supportStaffRoutes } from './modules/support/staff.routes.ts';
import { signupRoutes } from './modules/signup/signup.routes.ts';
import { sharedSignInCodeEmail } from './modules/sharing/sharing.emails.ts';
import { assessmentRoutes } from './modules/assessments/assessments.routes.ts';
import { answerRoutes } from './modules/assessments/answers/answers.routes.ts';
import { carriedRoutes } from './modules/assessments/carried/carried.routes.ts';
import { carryForwardRoutes } from './modules/assessments/carry-forward/carry-forward.routes.ts';
import { nextAssessmentRoutes } from './modules/assessments/next/next.routes.ts';
import { scheduleRoutes } from './modules/schedules/schedules.routes.ts';
import { respondentRoutes } from './modules/assessments/respondents/respondents.routes.ts';
import { checkResultRoutes } from './modules/assessments/check-results/check-results.routes.ts';
import { baselineRoutes } from './modules/baseline/baseline.routes.ts';
import { remediationRoutes } from './modules/remediation/remediation.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { evidencePackRoutes } from './modules/evidence-packs/evidence-packs.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { questionAnswerRoutes } from './modules/question-answers/question-answers.routes.ts';
import { roadmapRoutes } from './modules/roadmap/roadmap.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { liveRoutes } from './modules/assessments/live/live.routes.ts';
import { respondRoutes } from './modules/assessments/respondents/respond.routes.ts';
import { EVIDENCE_UPLOAD_PATHS } from './modules/evidence/evidence.http.ts';
import { evidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { respondEvidenceRoutes } from './modules/evidence/respond-evidence.routes.ts';
import { reminderRoutes } from './modules/assessments/reminders/reminders.routes.ts';
import { createMailboxMailer } from './modules/system/mailbox.service.ts';
import { publicSystemRoutes, systemRoutes } from './modules/system/system.routes.ts';
import {
  accountSupportAccessRoutes,
  serviceSupportSessionRoutes,
} from './modules/service-console/support-access/support-access.routes.ts';
import { serviceAccountLifecycleRoutes } from './modules/service-console/account-lifecycle/lifecycle.routes.ts';
import { serviceAccountRoutes } from './modules/service-console/accounts/accounts.routes.ts';
import { serviceTenantRoutes } from './modules/service-console/tenants/tenants.routes.ts';
import { serviceSubscriptionRoutes } from './modules/service-console/subscriptions.routes.ts';
import { serviceAuditRoutes } from './modules/service-console/audit/audit.routes.ts';
import { serviceAnalyticsRoutes } from './modules/service-console/analytics/analytics.routes.ts';
import { serviceUserRoutes } from './modules/service-console/users/users.routes.ts';
import { createProcessMonitor } from './db/process-monitor.ts';
import { serviceSystemRoutes } from './modules/service-console/system/system.routes.ts';
import { serviceOverviewRoutes } from './modules/service-console/overview/overview.routes.ts';
import { testHookRoutes } from './modules/service-console/system/test-hooks.ts';
import { tenantRoutes } from './modules/tenants/tenants.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { applyBillingEvent } from './modules/billing/billing.events.ts';
import { apiAccessRefusal } from './modules/billing/entitlements.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingProvider } from './modules/billing/providers/index.ts';
import type { BillingProvider } from './lib/billing/provider.ts';
import { sandboxRoutes } from './modules/billing/sandbox.routes.ts';
import { promoteListedAdmin } from './modules/users/users.service.ts';
import { ssoAuthHooks } from './modules/sso/sso.auth.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';

export interface CreateAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** From createLogger (lib/logger.ts): its lines carry the request's id and account. */
  logger?: Logger;
  /** How e-mail leaves the app. Default: stored straight into the development mailbox. */
  mailer?: MailSender;
  /**
   * The background job queue routes enqueue into (server.ts: pg-boss). Default: none, and a
   * route that enqueues answers 500.
   */
  jobs?: Jobs;
  /** The file store. Default: the one config.storage names (db/file-store.ts). */
  blobs?: BlobStore;
  /** Client address for rate limiting. Default: the socket's remote address. */
  getClientIp?: ClientIpResolver;
  /** Default: read from `${webDist}/version.json`, else now. */
  versionTimestamp?: number;
  /** Enables POST /internal/cli for the CLI of a PGlite deployment (see local-control.ts). */
  cliToken?: string;
  /** Whether the process drains (server.ts marks it on SIGTERM). Default: a new one. */
  lifecycle?: Lifecycle;
}

export interface TenantryApp {
  app: OpenAPIHono<AppEnv>;
  auth: Auth;
  deps: AppDeps;
  /**
   * One scrape of GET /metrics (http/metrics.ts) when `config.metrics` is set: server.ts serves
   * it on METRICS_PORT when there is one (else it is mounted on the app, behind the token).
   */
  collectMetrics: (() => Promise<string>) | undefined;
}

/** What identity needs of the domains, wired here so that auth/ imports no module. */
function authHooks(config: AppConfig, database: DatabaseHandle): AuthHooks {
  const { db } = database;
  return {
    onUserCreated: async (user) => {
      await ensureOwnAccount(db, user);
    },
    onSessionCreated: ({ userId }) => promoteListedAdmin(db, userId, config.systemAdminEmails),
    sharedSignInCodeEmail: async (to, code, shared) =>
      sharedSignInCodeEmail(
        to,
        code,
        shared,
        config.publicUrl,
        await mailBrand(db, shared.accountId, config.publicUrl),
        shared.locale,
      ),
    apiAccessRefusal,
    onSignedIn: (event) => recordSignIn(db, event),
    onSignInFailed: (event) => recordSignInFailure(db, event),
    ...ssoAuthHooks(db),
  };
}

export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** The client's address: the TCP peer, or behind a trusted proxy the one it forwards for. */
function socketAddress(trustedProxies: readonly string[] | undefined): ClientIpResolver {
  const trusted = trustedProxies?.length ? trustedProxyList(trustedProxies) : null;
  return (c) => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      return undefined; // not served by @hono/node-server (app.request in tests)
    }
    return clientAddress(peer, c.req.header('x-forwarded-for'), trusted);
  };
}

/** The queue of an app built without one: nothing can be enqueued. */
const noJobs: Jobs = {
  async start() {},
  async stop() {},
  async stopWorking() {},
  async send(name) {
    throw new Error(`no job queue was given to createApp; cannot send ${name}`);
  },
  async work() {},
};

/** Builds the whole HTTP app. Tests call this with their own database; server.ts listens. */
export function createApp(opts: CreateAppOptions): TenantryApp {
  const { config, database } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    logger,
    mailer: opts.mailer ?? createMailboxMailer(database.db, config.smtpFrom),
    jobs: opts.jobs ?? noJobs,
    versionTimestamp: opts.versionTimestamp ?? readVersionTimestamp(config.webDist),
    authHooks: authHooks(config, database),
    sessionCache: createSessionCache(),
    clientIp: opts.getClientIp ?? socketAddress(config.trustedProxies),
    rateLimiter: createRateLimiter(database.db),
    live: createLiveHub(database, (err) => logger.warn({ err }, 'live announcement not sent')),
    processMonitor: createProcessMonitor(),
    lifecycle: opts.lifecycle ?? createLifecycle(),
    // Set just below: the provider's own events are applied with these deps.
    billing: undefined as unknown as BillingProvider,
    blobs: opts.blobs ?? createBlobStore(config, database.db, logger),
  };
  deps.billing = createBillingProvider(config, database.db, logger, (event) =>
    applyBillingEvent(
      {
        db: deps.db,
        provider: deps.billing,
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        logger,
      },
      event,
    ),
  );
  const auth = createAuth({ ...deps, hooks: deps.authHooks });

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use(requestId({ headerName: 'x-request-id', limitLength: 128 }));
  app.use(requestLogger(logger, accountOfRequest));
  app.use(closeWhileDraining(deps.lifecycle));
  // JSON answers and index.html, compressed for the caller (built assets are precompressed at
  // build time and served as they are: Content-Encoding set, so skipped here). JSON in one
  // zlib call off the main thread, the rest streamed (http/compress.ts).
  app.use(compressResponses());
  // Set once here; guards and routes read them from c.var.
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('auth', auth);
    await next();
  });
  app.use(securityHeaders(config.publicUrl));
  app.use('/api/*', csrfProtection(trustedOrigins(config.publicUrl)));
  app.use('/sandbox/*', csrfProtection(trustedOrigins(config.publicUrl)));
  const tooLarge = () => {
    throw new AppError('common.bad_request', 413, 'The request body is too large.');
  };
  const countedBodyLimit = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    // A declared length is checked from the header alone: asking the request for its body
    // stream would build a whole web Request per call, and stop the JSON from being read
    // straight off the socket. Only a chunked body is counted as it streams.
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    // Evidence uploads stream into the file store, which holds them to their own limit.
    if (method === 'POST' && EVIDENCE_UPLOAD_PATHS.some((p) => p.test(c.req.path))) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > API_BODY_LIMIT_BYTES) tooLarge();
      return next();
    }
    return countedBodyLimit(c, next);
  });

  app.route('/', publicSystemRoutes);
  const collectMetrics = mountMetrics(app, config, database, deps);
  if (opts.cliToken) app.route('/', createCliRoute(database, opts.cliToken));

  app.on(['GET', 'POST'], '/api/auth/*', createAuthHandler(auth, deps));

  const api = createRouter();
  api.use('*', watchSupportSessions());
  api.route('/', meRoutes);
  api.route('/', secondFactorRoutes);
  api.route('/', signupRoutes);
  api.route('/', analyticsRoutes);
  api.route('/', systemRoutes);
  api.route('/', serviceSubscriptionRoutes);
  api.route('/', serviceAuditRoutes);
  api.route('/', serviceAnalyticsRoutes);
  api.route('/', serviceUserRoutes);
  api.route('/', serviceAccountLifecycleRoutes);
  api.route('/', serviceOverviewRoutes);
  api.route('/', serviceSystemRoutes);
  // Only for end-to-end tests (TEST_HOOKS=true): never mounted otherwise.
  if (config.testHooks) api.route('/', testHookRoutes);
  api.route('/', serviceAccountRoutes);
  api.route('/', serviceTenantRoutes);
  api.route('/', serviceSupportSessionRoutes);
  api.route('/', accountSupportAccessRoutes);
  api.route('/', ssoRoutes);
  api.route('/', roadmapRoutes);
  api.route('/', feedbackRoutes);
  api.route('/', supportCustomerRoutes);
  api.route('/', supportStaffRoutes);
  api.route('/', accountRoutes);
  api.route('/', mediaRoutes);
  api.route('/', memberRoutes);
  api.route('/', invitationRoutes);
  api.route('/', auditRoutes);
  api.route('/', tenantRoutes);
  api.route('/', sharingRoutes);
  api.route('/', frameworkRoutes).route('/', frameworkForkRoutes);
  api.route('/', playbookRoutes);
  api.route('/', articleRoutes);
  api.route('/', contentMediaRoutes);
  api.route('/', libraryRoutes);
  api.route('/', assessmentRoutes);
  api.route('/', carryForwardRoutes);
  api.route('/', nextAssessmentRoutes);
  api.route('/', scheduleRoutes);
  api.route('/', answerRoutes);
  api.route('/', carriedRoutes);
  api.route('/', respondentRoutes);
  api.route('/', baselineRoutes);
  api.route('/', remediationRoutes);
  api.route('/', reportRoutes);
  api.route('/', evidencePackRoutes);
  api.route('/', resultsRoutes);
  api.route('/', questionAnswerRoutes);
  api.route('/', dashboardRoutes);
  api.route('/', calendarRoutes);
  api.route('/', liveRoutes);
  api.route('/', respondRoutes);
  api.route('/', evidenceRoutes);
  api.route('/', respondEvidenceRoutes);
  api.route('/', reminderRoutes);
  api.route('/', billingRoutes);
  api.route('/', webhookRoutes);
  api.route('/', apiKeyRoutes);
  api.route('/', checkResultRoutes);
  if (config.benchCeilingRoute) api.route('/', createBenchRoutes(database.db));
  app.route('/api/v1', api);

  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'tenantry.session_token',
    description: 'The session of a signed-in person (Better Auth, /api/auth/*).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from the Developer page: `Authorization: Bearer tnt_…`. It acts as its account, only on the operations listing it with the scope it carries (docs/developer.md).',
  });
  app.doc31('/api/v1/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Tenantry API',
      version: '1',
      description:
        'Every error answers `{ error: { code, message, fields?, requestId } }`. Identity (sign-up, sign-in, sign-out, password reset, e-mail verification) is served by Better Auth under /api/auth/*.',
    },
  });

  app.all('/api/*', (c) => {
    throw new AppError('common.not_found', 404, `No API route ${c.req.method} ${c.req.path}.`);
  });

  app.route('/', sandboxRoutes);
  app.route('/', createWebRoutes(config));

  app.notFound((c) =>
    isNavigation(c)
      ? errorPage(c, 404, 'There is nothing at this address.', c.get('requestId'))
      : c.text('Not found', 404),
  );
  app.onError((err, c) => handleError(err, c, logger));

  return { app, auth, deps, collectMetrics };
}

/** The account a request acts for, once a guard has found it (for its log lines). */
function accountOfRequest(c: Context): string | undefined {
  const v = (c as Context<AppEnv>).var;
  return v.account?.accountId ?? v.tenant?.accountId;
}

/**
 * Draining before a stop: each answer closes its connection, so a client's next request opens
 * a new one, which the load balancer sends to another server.
 */
function closeWhileDraining(lifecycle: Lifecycle): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (lifecycle.draining) c.header('connection', 'close');
  };
}

/**
 * GET /metrics when configured: on the public port only behind its token; with METRICS_PORT,
 * server.ts serves the returned scrape on that port instead.
 */
function mountMetrics(
  app: OpenAPIHono<AppEnv>,
  config: AppConfig,
  database: DatabaseHandle,
  deps: AppDeps,
): (() => Promise<string>) | undefined {
  if (!config.metrics) return undefined;
  const collect = createMetricsCollector({
    db: database.db,
    poolStats: database.poolStats,
    liveStreams: () => deps.live.connections(),
    lifecycle: deps.lifecycle,
    onError: (err) => deps.logger.warn({ err }, 'metrics: job queue depth not read'),
  });
  if (config.metrics.port === undefined) {
    app.get(METRICS_PATH, metricsHandler(collect, config.metrics.token));
  }
  return collect;
}

function handleError(err: Error, c: Context<AppEnv>, logger: Logger): Response {
  const json = jsonError(err, c, logger);
  // The overview's "errors in the last hour" (db/process-monitor.ts); a 503 of /readyz while
  // draining or without the database is an answer, not an error of the app.
  const unavailable = err instanceof AppError && err.code === 'common.unavailable';
  if (json.status >= 500 && !unavailable) c.get('deps')?.processMonitor.countError();
  if (!isNavigation(c)) return json;
  // A browser navigated here (an e-mail link, the sandbox checkout, a download): a page.
  const status = json.status;
  const message =
    err instanceof AppError
      ? err.message
      : status >= 500
        ? 'Please try again in a moment.'
        : 'The request could not be processed.';
  return errorPage(c, status, message, c.get('requestId'));
}

function jsonError(err: Error, c: Context<AppEnv>, logger: Logger): Response {
  const reqId = c.get('requestId');
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, reqId, err.fields, err.details), err.status);
  }
  if (err instanceof ZodError) {
    return c.json(
      errorBody(
        'common.validation',
        'Some of the data sent is not valid.',
        reqId,
        fieldsFromIssues(err.issues),
      ),
      400,
    );
  }
  if (err instanceof HTTPException && err.status < 500) {
    const message =
      err.status === 400 && /json/i.test(err.message)
        ? 'The request body is not valid JSON.'
        : err.message || 'The request could not be processed.';
    const code: ErrorCode =
      err.status === 400
        ? 'common.bad_request'
        : err.status === 404
          ? 'common.not_found'
          : 'common.bad_request';
    return c.json(errorBody(code, message, reqId), err.status);
  }
  // Everything needed to find the request: its id and account come from the request's
  // context (lib/request-context.ts), the rest is here.
  (c.get('log') ?? logger).error(
    { err, method: c.req.method, path: c.req.path, route: routePath(c), status: 500 },
    'unhandled error',
  );
  return c.json(errorBody('common.internal', 'Something went wrong.', reqId), 500);
}
