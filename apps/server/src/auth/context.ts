/**
 * The request context of the whole app: what app.ts builds once (`AppDeps`, the Better Auth
 * instance) and puts on every request's context, and what the guards add (`AppEnv`). Routes
 * read them from `c.var`; nothing is passed from route to route by hand.
 */
import type { BillingProvider } from '../lib/billing/provider.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import type { RequestEnv } from '../lib/http.ts';
import type { Jobs } from '../lib/jobs/index.ts';
import type { Lifecycle } from '../lib/lifecycle.ts';
import type { BlobStore } from '../lib/storage/blob-store.ts';
import type { Logger } from '../lib/logger.ts';
import type { MailContext, MailSender } from '../lib/mail/index.ts';
import type { LiveHub } from '../db/live.ts';
import type { ProcessMonitor } from '../db/process-monitor.ts';
import type { RateLimiter } from '../db/rate-limit.ts';
import { validationHook } from '../lib/openapi.ts';
import type { Auth, AuthHooks } from './auth.ts';
import type { VerifiedSessionCache } from './session-cache.ts';
import type { AccountContext, ServerClaims, SessionState, TenantContext } from './types.ts';

/** The client's address as the app trusts it (the socket's, or a test's header). */
export type ClientIpResolver = (c: Context) => string | undefined;

/** Everything a route or guard needs beyond the request: built once by createApp. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  dbKind: DatabaseKind;
  logger: Logger;
  mailer: MailSender;
  /** The background job queue (pg-boss; in tests a queue that runs each job when sent). */
  jobs: Jobs;
  /** Timestamp of the deployed web build (version.json), else the server start time. */
  versionTimestamp: number;
  /** Better Auth's hooks into the domains (see AuthHooks). */
  authHooks: AuthHooks;
  /** Sessions verified in the last seconds, by their signed cookies (auth/session-cache.ts). */
  sessionCache: VerifiedSessionCache;
  clientIp: ClientIpResolver;
  /** The app's own rate limits, counted in the database (db/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Live progress notices from every process (db/live.ts). */
  live: LiveHub;
  /** This process's heartbeat and its count of 5xx answers (service-console/system). */
  processMonitor: ProcessMonitor;
  /** The billing provider BILLING_PROVIDER names (modules/billing/providers). */
  billing: BillingProvider;
  /** Whether this process drains before it stops (GET /readyz, server.ts). */
  lifecycle: Lifecycle;
  /** The file store STORAGE_DRIVER names (lib/storage; docs/storage.md). */
  blobs: BlobStore;
}

/** The Hono environment: what middleware and guards put on `c.var`. */
export interface AppEnv {
  Variables: RequestEnv['Variables'] & {
    deps: AppDeps;
    auth: Auth;
    /** The session, once a guard has read it: null when signed out. */
    session?: SessionState | null;
    /** The current user's claims, once a guard has loaded them (one query per request). */
    claims?: ServerClaims;
    /** Set by requireAccount. */
    account?: AccountContext;
    /** Set by requireTenant. */
    tenant?: TenantContext;
  };
}

/** A router whose createRoute declarations feed the OpenAPI document. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** What a service that sends e-mail is handed (lib/mail MailContext), from the request. */
export const mailOf = (c: Context<AppEnv>): MailContext => ({
  mailer: c.var.deps.mailer,
  publicUrl: c.var.deps.config.publicUrl,
  log: c.var.log,
});
