/**
 * The four guards of the API and the accessors of what they put on the context. A route
 * attaches its guard through its declaration: `createRoute({ …, middleware: requireX(…) })`.
 * Each guard reads the session and the claims once per request (see auth/session.ts and
 * auth/claims.ts); the permission tables live in packages/shared (`can`, `canShared`).
 */
import {
  ACCOUNT_ERROR_CODES,
  AUTH_ERROR_CODES,
  BILLING_ERROR_CODES,
  SECOND_FACTOR_ERROR_CODES,
  can,
  canShared,
  type AccountPermission,
  type ApiKeyScope,
} from '@tenantry/shared';
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { RateLimit } from '../db/rate-limit.ts';
import { auditLog } from '../db/schema/index.ts';
import {
  AppError,
  errorBody,
  forbidden,
  sharedAccessRefused,
  tenantNotFound,
  unauthenticated,
} from '../lib/errors.ts';
import {
  auditKeyWrite,
  authenticateApiKey,
  bearerToken,
  RateLimited,
  rateLimitedResponse,
} from './api-keys.ts';
import { loadClaims, mustEnrolNow } from './claims.ts';
import type { AppEnv } from './context.ts';
import { readSession } from './session.ts';
import { assertTenantReachable } from './tenant-access.ts';
import type {
  AccountContext,
  ServerClaims,
  SessionState,
  SystemRole,
  TenantAccess,
  TenantContext,
} from './types.ts';

type Guard = MiddlewareHandler<AppEnv>;

/** Whether a route behind this permission or access changes something. */
function changes(access: TenantAccess): boolean {
  return access !== 'read' && !access.endsWith('.read');
}

/**
 * The one refusal of a change for the state of the account acted for, checked by every guard
 * that lets a change through (sessions and API keys alike):
 * - suspended by the service team → 423 `account.suspended`, with the reason, on every change;
 * - past due beyond its grace period → 402 `billing.read_only`, except billing itself, so that
 *   an owner can pay their way out.
 */
function refuseChange(claims: ServerClaims, access: TenantAccess): void {
  if (!changes(access)) return;
  if (claims.supportSession) throw supportReadOnly();
  const suspension = claims.accountSuspension;
  if (suspension) {
    const why = suspension.reason ? ` Reason: ${suspension.reason}` : '';
    throw new AppError(
      ACCOUNT_ERROR_CODES.suspended,
      423,
      `This account is suspended by the Tenantry service team: it can be read, not changed.${why} Contact support to have it restored.`,
    );
  }
  if (claims.billingReadOnly && !access.startsWith('billing.')) {
    throw new AppError(
      BILLING_ERROR_CODES.readOnly,
      402,
      'This account is read-only until its overdue payment goes through. An owner can update the payment method under Account → Billing.',
    );
  }
}

/** 403 `auth.support_read_only`: the one refusal of every change in a support session. */
export const supportReadOnly = () =>
  new AppError(
    AUTH_ERROR_CODES.supportReadOnly,
    403,
    'This is a Tenantry support session: it can read the account, never change it.',
  );

/**
 * 403 `auth.second_factor_enrolment_required`: the account requires a second factor, and this
 * member's days to enrol are over (docs/identity.md). Every route a session reaches refuses,
 * but the few that enrolling needs (their profile, sessions and second factors, the account's
 * name) — those declare `secondFactorPending`.
 */
function refuseWithoutSecondFactor(claims: ServerClaims): void {
  if (!mustEnrolNow(claims.secondFactor)) return;
  throw new AppError(
    SECOND_FACTOR_ERROR_CODES.enrolmentRequired,
    403,
    'This account requires a second factor. Set up an authenticator app or a passkey under Account → Security to continue.',
    undefined,
    { enrolBy: claims.secondFactor?.enrolBy ?? null },
  );
}

/** What every session guard accepts in its options. */
export interface SecondFactorOptions {
  /**
   * Open to a member who must enrol a second factor first (default false): only what enrolling
   * needs (GET /me/second-factors, the sessions, the account's name) says so.
   */
  secondFactorPending?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On every /api/v1 request (mounted once in app.ts): a support session may not change anything
 * on any route — a request other than GET/HEAD/OPTIONS is refused with 403
 * `auth.support_read_only` before its route runs, whatever guard the route has (refuseChange
 * says the same to the guards) — and each of its requests is recorded in the account's own
 * audit log (`support_access.request`: method, path, status; the staff member is the actor).
 * A request without a session cookie, or that never reads its claims, costs nothing more.
 */
export function watchSupportSessions(): Guard {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.req.header('cookie')) {
      const claims = await tryClaims(c);
      if (claims?.supportSession) {
        await recordSupportRequest(c, claims, 403);
        throw supportReadOnly();
      }
    }
    await next();
    const claims = c.get('claims');
    if (claims?.supportSession) await recordSupportRequest(c, claims, c.res.status);
  };
}

async function recordSupportRequest(c: Context<AppEnv>, claims: ServerClaims, status: number) {
  if (!claims.tid) return;
  try {
    await c.var.deps.db.insert(auditLog).values({
      id: randomUUID(),
      accountId: claims.tid,
      actorUserId: claims.impersonatedBy,
      actorEmail: claims.supportSession?.staffEmail ?? null,
      action: 'support_access.request',
      targetType: 'user',
      targetId: claims.uid,
      data: { method: c.req.method, path: c.req.path, status, as: claims.email },
    });
  } catch (err) {
    c.var.log.warn({ err }, 'could not record a support session request');
  }
}

/** What a guard accepts besides a session. */
export interface GuardOptions extends SecondFactorOptions {
  /**
   * The API key scope that also opens this route (docs/developer.md). Without it, a request
   * with a key but no session is refused 401 like any signed-out request.
   */
  apiKey?: ApiKeyScope;
}

/**
 * When the route accepts API keys and the request carries one (`Authorization: Bearer`):
 * authenticates it, runs the route as the key's account, and audits a successful change.
 * Answers false when the request is not a key request (the session path runs).
 */
async function withApiKey(
  c: Context<AppEnv>,
  scope: ApiKeyScope | undefined,
  authorize: (claims: ServerClaims) => void | Promise<void>,
  next: () => Promise<void>,
): Promise<Response | false> {
  if (!scope) return false;
  const secret = bearerToken(c);
  if (secret === undefined) return false;
  let claims: ServerClaims;
  try {
    claims = await authenticateApiKey(c, secret, scope);
  } catch (err) {
    if (err instanceof RateLimited) return rateLimitedResponse(c, err);
    throw err;
  }
  c.set('claims', claims);
  c.set('session', null);
  await authorize(claims);
  await next();
  await auditKeyWrite(c, claims);
  return c.res;
}

/**
 * Reads the session when there is a live one, and never refuses (routes open to everyone). An
 * ended session counts as signed out.
 */
export function optionalSession(): Guard {
  return async (c, next) => {
    const session = await readSession(c);
    if (session) {
      const claims = await tryClaims(c);
      if (!claims) c.set('session', null);
    }
    await next();
  };
}

/** What requireSession lets through besides any signed-in member of an account. */
export interface SessionOptions extends SecondFactorOptions {
  /**
   * Whether a shared user (a client tenant shared with them; no account of their own) may
   * call the route (default true). Without, 403 `common.shared_access`: shared access reaches
   * their tenant's pages only, so a route for people of an account says so here.
   */
  sharedUsers?: boolean;
}

/** Signed in with a live session (checked in the database), else 401. */
export function requireSession(opts: SessionOptions = {}): Guard {
  return async (c, next) => {
    const claims = await getClaims(c);
    if (opts.sharedUsers === false && claims.isSharedUser) {
      throw sharedAccessRefused();
    }
    if (!opts.secondFactorPending) refuseWithoutSecondFactor(claims);
    await next();
  };
}

/**
 * Signed in (401), a member of an account (403 for a shared user, who has no `tid`), and
 * allowed `permission` by the permission table (403 otherwise). Costs no query beyond the
 * claims the request loads anyway.
 */
export function requireAccount(permission: AccountPermission, opts: GuardOptions = {}): Guard {
  return async (c, next) => {
    const viaKey = await withApiKey(
      c,
      opts.apiKey,
      (claims) => {
        refuseChange(claims, permission);
        c.set('account', {
          accountId: claims.tid as string,
          // A key has no role of its own: its scope decided; the context carries the least.
          role: 'member',
          userId: claims.uid,
          email: claims.email,
          onlyTenantId: claims.apiKey?.tenantId ?? null,
          apiKeyId: claims.apiKey?.id,
          tenantAccess: claims.tenantAccess,
          accessUserId: claims.apiKey?.accessUserId ?? null,
        });
      },
      next,
    );
    if (viaKey) return viaKey;
    const claims = await getClaims(c);
    if (claims.isSharedUser) throw sharedAccessRefused();
    if (!claims.tid || !claims.accountRole) throw forbidden('This needs a member of an account.');
    if (!can(claims.accountRole, permission)) throw forbidden();
    if (!opts.secondFactorPending) refuseWithoutSecondFactor(claims);
    refuseChange(claims, permission);
    c.set('account', {
      accountId: claims.tid,
      role: claims.accountRole,
      userId: claims.uid,
      email: claims.email,
      tenantAccess: claims.tenantAccess,
      accessUserId: claims.uid,
    });
    await next();
  };
}

const MEMBER_PERMISSION: Record<'read' | 'contribute', AccountPermission> = {
  read: 'tenants.read',
  contribute: 'tenants.update',
};

/**
 * For routes under a tenant id (the path parameter `param`; default `tenantId`):
 * - signed out → 401;
 * - a member of an account → allowed per the permission table (403 when their role lacks it);
 * - a shared user → allowed only on their one tenant (`ttid`) of the account that shared it
 *   (`ptid`) and only for `read`/`contribute` their share role grants (403 for a write their
 *   role does not include on that tenant);
 * - an API key, where `opts.apiKey` names the scope it must hold → allowed with that scope, and
 *   only on its one tenant when the key is limited to one, and within its creator's
 *   client-tenant access;
 * - a member (or key) whose client-tenant access does not reach the tenant → 404
 *   `tenants.not_found` before the role is looked at, as for another account's tenant
 *   (auth/tenant-access.ts; one indexed lookup, for limited members only);
 * - everyone else → 404 `tenants.not_found`, never a hint that the tenant exists.
 * Otherwise the guard reads no tenant: it puts the account and the path's tenant id on
 * `c.var.tenant` (and a member's account on `c.var.account`), and the services check that the
 * tenant is in that account — `assertTenant` (modules/tenants/tenants.service.ts) or the account
 * and tenant in every query's where — so another account's tenant is a 404 there (the outsider
 * suite proves it).
 */
export function requireTenant(
  access: TenantAccess,
  param = 'tenantId',
  opts: GuardOptions = {},
): Guard {
  return async (c, next) => {
    const tenantId = c.req.param(param);
    const viaKey = await withApiKey(
      c,
      opts.apiKey,
      async (claims) => {
        const only = claims.apiKey?.tenantId;
        if (!tenantId || (only && only !== tenantId)) throw tenantNotFound();
        // Within its creator's client-tenant access (auth/tenant-access.ts).
        await assertTenantReachable(c.var.deps.db, claims.tid as string, tenantId, claims);
        refuseChange(claims, access);
        c.set('tenant', {
          tenantId,
          userId: claims.uid,
          email: claims.email,
          accountId: claims.tid as string,
          accountRole: 'member',
          shareRole: null,
          tenantAccess: claims.tenantAccess,
        });
      },
      next,
    );
    if (viaKey) return viaKey;
    const claims = await getClaims(c);
    if (!tenantId) throw tenantNotFound();
    const base = { tenantId, userId: claims.uid, email: claims.email };
    if (claims.tid && claims.accountRole) {
      // A tenant outside the member's client-tenant access is not found, as another
      // account's is — before anything else is said about the request.
      await assertTenantReachable(c.var.deps.db, claims.tid, tenantId, claims);
    }
    refuseWithoutSecondFactor(claims);
    refuseChange(claims, access);
    if (claims.tid && claims.accountRole) {
      const permission =
        access === 'read' || access === 'contribute' ? MEMBER_PERMISSION[access] : access;
      if (!can(claims.accountRole, permission)) throw forbidden();
      c.set('tenant', {
        ...base,
        accountId: claims.tid,
        accountRole: claims.accountRole,
        shareRole: null,
        tenantAccess: claims.tenantAccess,
      });
      // A member acts for their account too: a route under a tenant may read getAccount.
      c.set('account', {
        accountId: claims.tid,
        role: claims.accountRole,
        userId: claims.uid,
        email: claims.email,
        tenantAccess: claims.tenantAccess,
        accessUserId: claims.uid,
      });
      return next();
    }
    if (claims.ptid && claims.ttid === tenantId && claims.shareRole) {
      if (access !== 'read' && access !== 'contribute') throw forbidden();
      const sharePermission = access === 'read' ? 'tenant.read' : 'tenant.contribute';
      if (!canShared(claims.shareRole, sharePermission)) {
        // They may read it, so saying it exists is no leak; a viewer cannot write.
        if (canShared(claims.shareRole, 'tenant.read')) throw forbidden();
        throw tenantNotFound();
      }
      c.set('tenant', {
        ...base,
        accountId: claims.ptid,
        accountRole: null,
        shareRole: claims.shareRole,
      });
      return next();
    }
    throw tenantNotFound();
  };
}

/**
 * Signed in (401) and holding one of the system roles (403 otherwise). The roles are read from
 * the database on every request, so a grant or revoke takes effect at once. An API key is
 * refused 403, never 401: it is a credential, just never one for these routes. A system admin
 * without a second factor is refused the admin's routes (403
 * `auth.second_factor_required_for_service`; docs/identity.md) until they enrol one.
 */
export function requireSystemRole(roles: readonly SystemRole[]): Guard {
  return async (c, next) => {
    if (bearerToken(c) !== undefined && !(await readSession(c))) {
      throw forbidden('API keys cannot reach this: it takes a signed-in system user.');
    }
    const claims = await getClaims(c);
    const asDev = roles.includes('dev') && claims.isSystemDev;
    const asAdmin = roles.includes('admin') && claims.role === 'systemadmin';
    if (!asDev && !asAdmin) throw forbidden();
    if (!asDev && !claims.secondFactor?.enrolled) {
      throw new AppError(
        SECOND_FACTOR_ERROR_CODES.requiredForService,
        403,
        'System admins need a second factor to open the service console. Set up an authenticator app or a passkey under Account → Security.',
      );
    }
    await next();
  };
}

/** The one 429: the error shape, with the seconds to wait in Retry-After. */
function rateLimited(c: Context<AppEnv>, waitSeconds: number, message: string): Response {
  c.header('retry-after', String(waitSeconds));
  return c.json(errorBody('common.rate_limited', message, c.get('requestId')), 429);
}

const addressKey = (c: Context<AppEnv>, name: string) =>
  `${name}:${c.var.deps.clientIp(c) ?? 'unknown'}`;

/**
 * At most `limit` requests per client address to this endpoint (`name`), counted in the
 * database so the limit holds across server processes; over it, 429 with Retry-After. Off
 * only when AUTH_RATE_LIMIT=false (end-to-end runs).
 */
export function limitByAddress(name: string, limit: RateLimit): Guard {
  return async (c, next) => {
    const { config, rateLimiter } = c.var.deps;
    if (!config.authRateLimit) return next();
    const wait = await rateLimiter.hit(addressKey(c, name), limit);
    if (wait > 0) {
      return rateLimited(c, wait, 'Too many attempts. Please wait a minute and try again.');
    }
    return next();
  };
}

/**
 * At most `limit` failed requests per client address to this endpoint (`name`): only an
 * answer that `isFailure` names (a credential that names nothing) is counted, after the route
 * has run, in the same database counters as limitByAddress (so it holds across processes). A
 * request that succeeds never reads or writes the counter, so it neither pays for the limit
 * nor is held back by someone else's failures from the same address. A failure over the limit
 * answers 429 with Retry-After instead of its own refusal. Off when AUTH_RATE_LIMIT=false.
 */
export function limitFailuresByAddress(
  name: string,
  limit: RateLimit,
  isFailure: (err: Error) => boolean,
): Guard {
  return async (c, next) => {
    await next();
    const { config, rateLimiter } = c.var.deps;
    if (!c.error || !isFailure(c.error) || !config.authRateLimit) return;
    const wait = await rateLimiter.hit(addressKey(c, name), limit);
    if (wait > 0) {
      c.res = rateLimited(
        c,
        wait,
        `Too many failed attempts from this address. Wait ${wait} s and try again.`,
      );
    }
  };
}

/** A refusal of the request's input (400): by its schema, its JSON, or the route's own checks. */
function refusesInput(err: Error): boolean {
  if (err instanceof HTTPException) return err.status === 400;
  return err instanceof ZodError || (err instanceof AppError && err.status === 400);
}

/**
 * Authentication before validation, for a route whose credential its handler checks (a
 * respondent's token is checked in the same statement as the write it allows, so a good
 * request pays for nothing more). Every other guard runs before the route's validators; this
 * one keeps that order in what the caller learns: when the route refuses the input (400),
 * `authenticate` runs first, and if it refuses (401) its refusal is the answer instead. A
 * request whose input is good never runs it.
 */
export function authenticateBeforeRefusingInput(
  authenticate: (c: Context<AppEnv>) => Promise<unknown>,
): Guard {
  return async (c, next) => {
    await next();
    if (c.error && refusesInput(c.error)) await authenticate(c);
  };
}

/** The signed-in user's session (401 when signed out). */
export function getSession(c: Context<AppEnv>): SessionState {
  const session = c.get('session');
  if (!session) throw unauthenticated();
  return session;
}

async function tryClaims(c: Context<AppEnv>): Promise<ServerClaims | null> {
  try {
    return await getClaims(c);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The current user's claims, loaded once per request (one query, which also checks that the
 * session has not ended); 401 when signed out.
 */
export async function getClaims(c: Context<AppEnv>): Promise<ServerClaims> {
  const known = c.get('claims');
  if (known) return known;
  const session = await readSession(c);
  if (!session) throw unauthenticated();
  const { db, authHooks } = c.var.deps;
  const claims = await loadClaims(db, authHooks.onUserCreated, session);
  if (!claims) throw unauthenticated();
  c.set('claims', claims);
  return claims;
}

/** The account context inside a route behind requireAccount. */
export function getAccount(c: Context<AppEnv>): AccountContext {
  const account = c.get('account');
  if (!account) throw forbidden();
  return account;
}

/**
 * The account context inside a route behind requireAccount, with whether the caller is a system
 * admin (content routes: system admins author the global content, docs/content.md).
 */
export async function getAccountActor(
  c: Context<AppEnv>,
): Promise<AccountContext & { systemAdmin: boolean }> {
  const claims = await getClaims(c);
  return { ...getAccount(c), systemAdmin: claims.role === 'systemadmin' };
}

/** The tenant context inside a route behind requireTenant. */
export function getTenant(c: Context<AppEnv>): TenantContext {
  const tenant = c.get('tenant');
  if (!tenant) throw tenantNotFound();
  return tenant;
}
