/**
 * API key authentication (docs/developer.md). A route that accepts keys names the scope it
 * needs in its guard (`requireAccount(p, { apiKey: 'tenants:read' })`); a request carrying
 * `Authorization: Bearer tnt_…` on such a route is authenticated here instead of by a session:
 *
 * - ONE statement finds the key by the SHA-256 of its secret (with the account's subscription
 *   for the plan check), counts the request against the key's rate limit in `rate_limits`
 *   (shared by every server process), and notes the last use (at most once a minute);
 * - a revoked or expired key answers 401 on its very next request (nothing is cached);
 * - the key acts as its ACCOUNT with the key's scopes only — never with the powers of the
 *   person who created it;
 * - a change made with a key is audited (`api_keys.used`), after the route succeeded.
 */
import { randomUUID } from 'node:crypto';
import {
  API_KEY_ERROR_CODES,
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  API_KEY_SCOPE_INFO,
  type AccountRole,
  type ApiKeyScope,
  type TenantAccessRule,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { queryRows } from '../db/client.ts';
import { apiKeys } from '../db/schema/api-keys.ts';
import { auditLog } from '../db/schema/audit.ts';
import { accounts } from '../db/schema/accounts.ts';
import { billingReadOnlySql, subscriptions } from '../db/schema/billing.ts';
import { AppError, errorBody } from '../lib/errors.ts';
import { suspensionOf } from './claims.ts';
import { ruleOf } from './tenant-access.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { AppEnv } from './context.ts';
import type { ApiKeyPrincipal, ServerClaims } from './types.ts';

/** How stale `api_keys.last_used_at` may get before a request refreshes it. */
const LAST_USED_RESOLUTION_SECONDS = 60;

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  tenant_id: string | null;
  access_user_id: string | null;
  creator_role: AccountRole | null;
  tenant_access: string | null;
  tenant_access_ids: string[] | null;
  tenant_access_tags: string[] | null;
  expired: boolean;
  revoked: boolean;
  account_created_at: Date | string;
  subscription: Record<string, unknown> | null;
  billing_read_only: boolean;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  hits: number;
  window_start: string | number;
}

const keyError = (code: 'invalid' | 'revoked' | 'expired') =>
  new AppError(
    API_KEY_ERROR_CODES[code],
    401,
    code === 'invalid'
      ? 'This API key is not valid. Send `Authorization: Bearer tnt_…` with a key from the Developer page.'
      : code === 'revoked'
        ? 'This API key has been revoked. Create a new one on the Developer page.'
        : 'This API key has expired. Create a new one on the Developer page.',
  );

/** A well-formed secret: the prefix and 43 base64url characters (32 bytes). */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The bearer token of the request, or undefined when it sends no Authorization header. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || !SECRET_PATTERN.test(match[1])) throw keyError('invalid');
  return match[1];
}

async function findKey(c: Context<AppEnv>, secret: string): Promise<KeyRow | undefined> {
  const { db, clientIp } = c.var.deps;
  const now = Date.now();
  const windowMs = API_KEY_LIMITS.windowSeconds * 1000;
  const ip = clientIp(c) ?? null;
  const rows = await queryRows<KeyRow>(
    db,
    sql`with k as (
        select k.id, k.account_id, k.name, k.prefix, k.scopes, k.tenant_id, k.access_user_id,
          cm.role as creator_role, cm.tenant_access, cm.tenant_access_ids, cm.tenant_access_tags,
          (k.expires_at is not null and k.expires_at <= now()) as expired,
          (k.revoked_at is not null) as revoked, k.last_used_at,
          a.created_at as account_created_at, to_jsonb(sb) as subscription,
          ${billingReadOnlySql('sb')} as billing_read_only, a.suspended_at, a.suspended_reason
        from ${apiKeys} k
        join ${accounts} a on a.id = k.account_id
        left join memberships cm on cm.account_id = k.account_id and cm.user_id = k.access_user_id
        left join ${subscriptions} sb on sb.account_id = k.account_id
        where k.secret_hash = ${sha256Hex(secret)}),
      rl as (
        insert into rate_limits (id, key, count, last_request)
        select ${randomUUID()}, 'api-key:' || k.id, 1, ${now} from k
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${now - windowMs} then 1
                       else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now}
                              else rate_limits.last_request end
        returning count, last_request),
      -- A data-modifying CTE runs whether or not the select reads it.
      used as (
        update ${apiKeys} set last_used_at = now(), last_used_ip = ${ip}
        where id = (select id from k where not k.revoked and not k.expired)
          and (last_used_at is null
            or last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))
        returning id)
      select k.*, rl.count as hits, rl.last_request as window_start
      from k, rl`,
    { prepared: true },
  );
  return rows[0];
}

/**
 * Authenticates the request's key for a route needing `scope`: 401 for an unknown, revoked or
 * expired key, 402 when the account's plan has no API access, 403 without the scope, 429 over
 * the key's rate limit. Sets the claims the guards then read.
 */
export async function authenticateApiKey(
  c: Context<AppEnv>,
  secret: string,
  scope: ApiKeyScope,
): Promise<ServerClaims> {
  const row = await findKey(c, secret);
  if (!row) throw keyError('invalid');
  if (row.revoked) throw keyError('revoked');
  if (row.expired) throw keyError('expired');
  const hits = Number(row.hits);
  // Counted always; refused unless the app's rate limits are off (AUTH_RATE_LIMIT=false: the
  // end-to-end runs and the benchmarks, which measure the same work).
  if (hits > API_KEY_LIMITS.requestsPerWindow && c.var.deps.config.authRateLimit) {
    const windowEnds = Number(row.window_start) + API_KEY_LIMITS.windowSeconds * 1000;
    const wait = Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000));
    throw new RateLimited(wait);
  }
  const refusal = c.var.deps.authHooks.apiAccessRefusal(
    new Date(row.account_created_at),
    row.subscription,
  );
  if (refusal) throw refusal;
  if (!row.scopes.includes(scope)) {
    throw new AppError(
      API_KEY_ERROR_CODES.scopeMissing,
      403,
      `This API key does not carry the scope “${scope}” (${API_KEY_SCOPE_INFO[scope].label}) this request needs.`,
    );
  }
  const apiKey: ApiKeyPrincipal = {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    tenantId: row.tenant_id,
    accessUserId: row.access_user_id,
  };
  const label = `API key “${row.name}” (${row.prefix}…)`;
  // Within its creator's client-tenant access, as it is now; a creator who has left the
  // account leaves it no client tenant (never every one). Keys older than tenant access
  // (no access_user_id) reach every one, as they did.
  const tenantAccess: TenantAccessRule | null =
    row.access_user_id === null
      ? null
      : row.creator_role === null
        ? { mode: 'only', tenantIds: [], tags: [] }
        : ruleOf({
            role: row.creator_role,
            mode: row.tenant_access,
            tenantIds: row.tenant_access_ids,
            tags: row.tenant_access_tags,
          });
  return {
    uid: `api-key:${row.id}`,
    email: label,
    displayName: label,
    tid: row.account_id,
    ptid: null,
    ttid: row.tenant_id,
    role: 'user',
    isSharedUser: false,
    isSystemDev: false,
    createdAt: new Date(row.account_created_at).toISOString(),
    emailVerified: true,
    accountSuspension: suspensionOf(row),
    supportSession: null,
    accountRole: null,
    shareRole: null,
    billingReadOnly: row.billing_read_only === true,
    impersonatedBy: null,
    apiKey,
    tenantAccess,
  };
}

/** Over a key's rate limit: answered as 429 with Retry-After by the guard. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

export function rateLimitedResponse(c: Context<AppEnv>, err: RateLimited): Response {
  c.header('retry-after', String(err.retryAfterSeconds));
  return c.json(
    errorBody(
      'common.rate_limited',
      `This API key made more than ${API_KEY_LIMITS.requestsPerWindow} requests in ${API_KEY_LIMITS.windowSeconds} seconds. Wait ${err.retryAfterSeconds} s and try again.`,
      c.get('requestId'),
    ),
    429,
  );
}

/** Records a change made with a key, once the route has answered with success. */
export async function auditKeyWrite(c: Context<AppEnv>, claims: ServerClaims): Promise<void> {
  const key = claims.apiKey;
  if (!key || !claims.tid) return;
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
  await c.var.deps.db.insert(auditLog).values({
    id: randomUUID(),
    accountId: claims.tid,
    actorUserId: null,
    actorEmail: claims.email,
    action: 'api_keys.used',
    targetType: 'api_key',
    targetId: key.id,
    data: { method: c.req.method, path: c.req.path, status: c.res.status },
  });
}
