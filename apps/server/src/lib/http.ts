import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';
import { httpRequestDuration, httpRequestsInFlight, methodLabel, statusClass } from './metrics.ts';
import { runInContext } from './request-context.ts';

/** What the request-wide middleware of this file puts on the context. */
export interface RequestEnv {
  Variables: {
    requestId: string;
    /** The logger; within the request its lines carry `reqId` (lib/request-context.ts). */
    log: Logger;
  };
}

/** Reads the account a request acts for, once a guard has found it (app.ts knows where). */
export type AccountOf = (c: Context) => string | undefined;

/**
 * Runs the request within its context (lib/request-context.ts: every log line written for it,
 * by any logger, carries `reqId` and `accountId` once known, and a job it queues carries the
 * request id), writes one access line per request (method, path, route pattern, status, time)
 * and counts it in the metrics (lib/metrics.ts: by route pattern, never the raw path).
 */
export function requestLogger(logger: Logger, accountOf: AccountOf): MiddlewareHandler<RequestEnv> {
  return (c, next) => {
    const start = performance.now();
    c.set('log', logger);
    const context = { requestId: c.get('requestId'), accountId: () => accountOf(c) };
    return runInContext(context, async () => {
      httpRequestsInFlight.inc();
      try {
        await next();
      } finally {
        httpRequestsInFlight.dec();
      }
      const seconds = (performance.now() - start) / 1000;
      const status = c.res.status;
      const method = c.req.method;
      const route = routePath(c) || '(none)';
      httpRequestDuration.observe(
        { method: methodLabel(method), route, status_class: statusClass(status) },
        seconds,
      );
      const line = {
        method,
        path: c.req.path,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      };
      if (status >= 500 && status !== 503) logger.error(line, 'request');
      else if (status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    });
  };
}

/** Security headers: CSP, nosniff, no-referrer, HSTS only on https (unless the handler set its own). */
export function securityHeaders(publicUrl: string): MiddlewareHandler<RequestEnv> {
  const https = publicUrl.startsWith('https:');
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    // A handler that sets one of these headers itself keeps its own (the media routes send a
    // stricter CSP with their images).
    overwrite: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (ASVS 3.5.1/3.5.3): a state-changing request must come from our own origin. With an
 * Origin header it must be a trusted origin (see trustedOrigins in config.ts) or the request's own
 * origin; without one
 * (non-browser clients, old browsers) the body must be JSON, which a cross-site HTML form
 * cannot send without a CORS preflight.
 */
export function csrfProtection(allowedOrigins: readonly string[]): MiddlewareHandler<RequestEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // An API key request carries no cookie: a browser on another site cannot make it.
    if (c.req.header('authorization') !== undefined && c.req.header('cookie') === undefined) {
      return next();
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (!allowed.has(origin) && origin !== ownOrigin(c)) {
        throw new AppError(
          'common.csrf',
          403,
          'This request came from another site and was refused.',
        );
      }
      return next();
    }
    const contentType = c.req.header('content-type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)) {
      throw new AppError(
        'common.csrf',
        403,
        'A request without an Origin header must send a JSON body (content-type: application/json).',
      );
    }
    return next();
  };
}

function ownOrigin(c: Context): string | undefined {
  try {
    return new URL(c.req.url).origin;
  } catch {
    return undefined;
  }
}
