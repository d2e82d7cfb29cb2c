import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ZodError } from 'zod';
import { createAuth, type Auth } from './auth/auth.ts';
import { createAuthHandler, type ClientIpResolver } from './auth/handler.ts';
import { trustedOrigins, type AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { AppDeps, MailSender } from './deps.ts';
import type { AppEnv } from './lib/app-env.ts';
import { createCliRoute } from './local-control.ts';
import { AppError, errorBody, fieldsFromIssues } from './lib/errors.ts';
import { csrfProtection, requestLogger, securityHeaders } from './lib/http.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createRouter, validationHook } from './lib/openapi.ts';
import { createAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { createAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAuditRoutes } from './modules/audit/audit.routes.ts';
import { createAuthRoutes } from './modules/auth/auth.routes.ts';
import { createBenchRoutes } from './modules/bench/bench.routes.ts';
import { createSharingRoutes } from './modules/sharing/sharing.routes.ts';
import { createInvitationRoutes } from './modules/members/invitations.routes.ts';
import { createMemberRoutes } from './modules/members/members.routes.ts';
import { createMailboxMailer } from './modules/system/mailbox.service.ts';
import { createSystemRoutes } from './modules/system/system.routes.ts';
import { createTenantRoutes } from './modules/tenants/tenants.routes.ts';
import { createPublicRoutes, createWebRoutes } from './modules/web/web.routes.ts';
import { readVersionTimestamp } from './modules/web/web.service.ts';

export interface CreateAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: Logger;
  /** How e-mail leaves the app. Default: stored straight into the development mailbox. */
  mailer?: MailSender;
  /** Client address for rate limiting. Default: the socket's remote address. */
  getClientIp?: ClientIpResolver;
  /** Default: read from `${webDist}/version.json`, else now. */
  versionTimestamp?: number;
  /** Enables POST /internal/cli for the CLI of a PGlite deployment (see local-control.ts). */
  cliToken?: string;
}

export interface TenantryApp {
  app: OpenAPIHono<AppEnv>;
  auth: Auth;
  deps: AppDeps;
}

export const API_BODY_LIMIT_BYTES = 1024 * 1024;

const socketAddress: ClientIpResolver = (c) => {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not served by @hono/node-server (app.request in tests)
  }
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
    versionTimestamp: opts.versionTimestamp ?? readVersionTimestamp(config.webDist),
  };
  const auth = createAuth(deps);

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use(requestId({ headerName: 'x-request-id', limitLength: 128 }));
  app.use(requestLogger(logger));
  app.use(securityHeaders(config.publicUrl));
  app.use('/api/*', csrfProtection(trustedOrigins(config.publicUrl)));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('common.bad_request', 413, 'The request body is too large.');
      },
    }),
  );

  app.route('/', createPublicRoutes(deps));
  if (opts.cliToken) app.route('/', createCliRoute(database.db, opts.cliToken));

  const getClientIp = opts.getClientIp ?? socketAddress;
  app.on(['GET', 'POST'], '/api/auth/*', createAuthHandler(auth, deps, getClientIp));

  const api = createRouter();
  api.route('/', createAuthRoutes(deps, auth));
  api.route('/', createAnalyticsRoutes(deps, auth));
  api.route('/', createSystemRoutes(deps, auth));
  api.route('/', createAccountRoutes(deps, auth));
  api.route('/', createMemberRoutes(deps, auth));
  api.route('/', createInvitationRoutes(deps, auth));
  api.route('/', createAuditRoutes(deps, auth));
  api.route('/', createTenantRoutes(deps, auth));
  api.route('/', createSharingRoutes(deps, auth, getClientIp));
  if (config.benchCeilingRoute) api.route('/', createBenchRoutes(deps));
  app.route('/api/v1', api);

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

  app.route('/', createWebRoutes(deps));

  app.notFound((c) => c.text('Not found', 404));
  app.onError((err, c) => handleError(err, c, logger));

  return { app, auth, deps };
}

function handleError(err: Error, c: Context<AppEnv>, logger: Logger): Response {
  const reqId = c.get('requestId');
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, reqId, err.fields), err.status);
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
    const code =
      err.status === 400
        ? 'common.bad_request'
        : err.status === 404
          ? 'common.not_found'
          : 'common.bad_request';
    return c.json(errorBody(code, message, reqId), err.status);
  }
  (c.get('log') ?? logger).error({ err }, 'unhandled error');
  return c.json(errorBody('common.internal', 'Something went wrong.', reqId), 500);
}
