import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

/** What the request-wide middleware of this file puts on the context. */
export interface RequestEnv {
  Variables: {
    requestId: string;
    /** Child logger carrying `reqId`. */
    log: Logger;
  };
}

/** Child logger with the request id, and one access line per request. */
export function requestLogger(logger: Logger): MiddlewareHandler<RequestEnv> {
  return async (c, next) => {
    const start = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500 && status !== 503) log.error(line, 'request');
    else if (status >= 500) log.warn(line, 'request');
    else log.info(line, 'request');
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
