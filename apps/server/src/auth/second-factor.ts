/**
 * Second factors (docs/identity.md): an authenticator app (TOTP, with backup codes; Better
 * Auth's two-factor plugin) and passkeys (@better-auth/passkey). This is the app's own part:
 *
 * - **No path skips an enrolled second factor.** The two-factor plugin asks for the code on a
 *   password sign-in only. The gate below, a plugin placed after it, looks at every session
 *   an endpoint opened: unless the endpoint is itself a second factor (a code, a backup code,
 *   a passkey) or replaces the signed-in user's own session, a user with a second factor gets
 *   no session but the plugin's challenge (its `two_factor` cookie, `twoFactorRedirect`): the
 *   sign-up code, the e-mail link, the shared sign-in code, a passkey-only user's password,
 *   a remembered ("trusted") device — and any sign-in path added later.
 * - **How each session signed in** (`sessions.sign_in_method`, `sessions.second_factor`), set
 *   when it is created; a challenge remembers the first step (and a shared sign-in's tenant),
 *   so the session the second step opens says both and is still the shared one.
 * - **Attempts are limited per user** in PostgreSQL (SECOND_FACTOR_ATTEMPT_LIMIT), so the
 *   limit holds whatever the address and across every server process.
 * - The sign-in security events (`auth.signed_in`) are recorded for the session that stands.
 */
import {
  SECOND_FACTOR_ATTEMPT_LIMIT,
  type SecondFactorKind,
  type SecondFactorMethod,
  type SignInMethod,
} from '@tenantry/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import type { RateLimiter } from '../db/rate-limit.ts';
import type { Logger } from '../lib/logger.ts';
import { apiErrorCode, type SecurityEventHooks } from './security-events.ts';

/** The two-factor plugin's challenge cookie (its TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** How long a challenge lasts: the plugin's default `twoFactorCookieMaxAge`. */
export const CHALLENGE_SECONDS = 10 * 60;
/** Our note beside a challenge: its user, first step and shared tenant. */
const ORIGIN_PREFIX = '2fa-origin-';

/** The endpoints that open a session by a first step, and which. */
const FIRST_STEP: Record<string, SignInMethod> = {
  '/sign-in/email': 'password',
  '/email-otp/verify-email': 'sign_up_code',
  '/sign-in/email-otp': 'shared_code',
  '/verify-email': 'email_link',
};

/**
 * Single sign-on's callback (`/sso/callback/{providerId}`, docs/sso.md): the identity provider
 * proved the person, with its own second factor where the provider requires one (Entra ID's
 * and Google Workspace's MFA policies). Its session is let stand and says `sso`.
 */
const isSsoCallback = (path: string) => path.startsWith('/sso/callback/');

/** The endpoints that are a second factor. */
const SECOND_STEP: Record<string, SecondFactorKind> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'backup_code',
  '/passkey/verify-authentication': 'passkey',
};

/**
 * Endpoints whose new session the gate lets stand: the second factors themselves, and the
 * signed-in user's own session replaced (enrolment, a new password, a passkey registered with
 * a fresh session) or a support session a system admin opens. Every other endpoint that opens
 * a session is gated — also one added later.
 */
const GATE_EXEMPT = new Set([
  ...Object.keys(SECOND_STEP),
  '/two-factor/enable',
  '/two-factor/disable',
  '/change-password',
  '/passkey/verify-registration',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]);

/** Better Auth's error code of a second-factor attempt over SECOND_FACTOR_ATTEMPT_LIMIT (429). */
export const SECOND_FACTOR_RATE_LIMITED = 'TOO_MANY_SECOND_FACTOR_ATTEMPTS';

/** The endpoints whose attempts are counted per user. */
/** Better Auth's refusals of a second step that are a failed sign-in, and their reason. */
const SECOND_STEP_FAILURES: Record<string, string> = {
  INVALID_CODE: 'invalid_second_factor',
  INVALID_BACKUP_CODE: 'invalid_second_factor',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'too_many_attempts',
};

const LIMITED = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** What the hooks read of Better Auth's endpoint context (typed loosely on purpose). */
interface EndpointContext {
  path?: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
  getSignedCookie(name: string, secret: string): Promise<string | null | false | undefined>;
  context: {
    secret: string;
    returned?: unknown;
    session?: { session: Record<string, unknown> } | null;
    createAuthCookie(name: string, opts?: { maxAge?: number }): { name: string };
    internalAdapter: {
      findVerificationValue(identifier: string): Promise<{ value: string } | null | undefined>;
    };
  };
}

interface Origin {
  userId: string;
  method: SignInMethod;
  sharedTenantId: string | null;
}

/**
 * Sessions created by this process in the last minute, by token, from the session.create
 * hook to the gate of the same request: whether the gate may act on them, and whether they are
 * a sign-in. (Request-scoped state only: nothing another server would need.)
 */
const created = new Map<string, { at: number; signIn: boolean }>();

function noteCreated(token: string, signIn: boolean) {
  const now = Date.now();
  for (const [key, v] of created) {
    if (now - v.at < 60_000) break; // insertion order: the rest is newer
    created.delete(key);
  }
  created.set(token, { at: now, signIn });
}

/** The challenge this request carries (its id), if any. */
async function challengeId(ctx: EndpointContext): Promise<string | null> {
  const name = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const id = await ctx.getSignedCookie(name, ctx.context.secret);
  return typeof id === 'string' && id ? id : null;
}

/**
 * The first step of the challenge this request completes for `userId`: our note (a gated
 * sign-in), else — a challenge of the plugin itself, made only by a password sign-in — a
 * password. Null when the request carries no challenge of this user.
 */
async function challengeOrigin(ctx: EndpointContext, userId: string): Promise<Origin | null> {
  const id = await challengeId(ctx);
  if (!id) return null;
  const note = await ctx.context.internalAdapter.findVerificationValue(`${ORIGIN_PREFIX}${id}`);
  if (note) {
    const origin = JSON.parse(note.value) as Origin;
    return origin.userId === userId ? origin : null;
  }
  // The code endpoints consume the challenge before they open the session: their user was
  // checked there. A passkey does not: its challenge must be this user's.
  const challenge = await ctx.context.internalAdapter.findVerificationValue(id);
  if (challenge && challenge.value !== userId) return null;
  return { userId, method: 'password', sharedTenantId: null };
}

/**
 * For Better Auth's `databaseHooks.session.create.before`: how the new session signed in, and
 * for the second step of a shared sign-in its tenant. A session that replaces another keeps
 * what that one said (Better Auth copies its fields; a new password's session does not, so
 * they are copied here).
 */
export async function sessionOrigin(
  session: Record<string, unknown>,
  ctx: EndpointContext | null | undefined,
): Promise<Record<string, unknown>> {
  const token = typeof session.token === 'string' ? session.token : null;
  const path = ctx?.path ?? '';
  let data: Record<string, unknown> = {};
  let signIn = false;
  if (session.impersonatedBy) data = { signInMethod: 'support' };
  else if (typeof session.signInMethod === 'string') data = {};
  else if (path === '/change-password' && ctx?.context.session) {
    const old = ctx.context.session.session;
    data = { signInMethod: old.signInMethod ?? null, secondFactor: old.secondFactor ?? null };
  } else if (ctx && SECOND_STEP[path]) {
    const kind = SECOND_STEP[path];
    const origin = await challengeOrigin(ctx, String(session.userId));
    signIn = true;
    if (origin) {
      data = { signInMethod: origin.method, secondFactor: kind };
      if (origin.sharedTenantId) data.sharedTenantId = origin.sharedTenantId;
    } else if (kind === 'passkey') data = { signInMethod: 'passkey', secondFactor: null };
    else data = { signInMethod: 'password', secondFactor: kind };
  } else if (FIRST_STEP[path]) {
    data = { signInMethod: FIRST_STEP[path] };
    signIn = true;
  } else if (isSsoCallback(path)) {
    data = { signInMethod: 'sso' };
    signIn = true;
  }
  if (token) noteCreated(token, signIn);
  return data;
}

/** The second factors `userId` has: an authenticator app, passkeys. */
export async function enrolledMethods(db: Database, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await queryRows<{ totp: boolean; passkey: boolean }>(
    db,
    sql`select (u.two_factor_enabled and exists (
          select 1 from two_factors f where f.user_id = u.id and f.verified)) as totp,
        exists (select 1 from passkeys p where p.user_id = u.id) as passkey
      from users u where u.id = ${userId}`,
  );
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  return methods;
}

async function userIdByEmail(db: Database, email: unknown): Promise<string | null> {
  if (typeof email !== 'string') return null;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email = ${email.trim().toLowerCase()} limit 1`,
  );
  return rows[0]?.id ?? null;
}

/** The user a second-factor attempt is for: the signed-in user, else the challenge's. */
async function attemptingUser(ctx: EndpointContext): Promise<string | null> {
  const session = await getSessionFromCtx(
    ctx as unknown as Parameters<typeof getSessionFromCtx>[0],
  ).catch(() => null);
  if (session) return session.user.id;
  const id = await challengeId(ctx);
  if (!id) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(id);
  return challenge?.value ?? null;
}

function isTwoFactorRedirect(returned: unknown): boolean {
  return (
    !!returned &&
    typeof returned === 'object' &&
    (returned as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

function requestOf(ctx: EndpointContext, ipHeader: string) {
  const headers = ctx.request?.headers ?? ctx.headers;
  return {
    ipAddress: headers?.get(ipHeader) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  };
}

export interface SecondFactorGateOptions {
  db: Database;
  rateLimiter: RateLimiter;
  /** Count attempts per user (off only with AUTH_RATE_LIMIT=false: end-to-end runs). */
  limitAttempts: boolean;
  hooks: SecurityEventHooks;
  log: Logger;
  ipHeader: string;
}

/**
 * The app's plugin of Better Auth, placed after the two-factor and passkey plugins (plugin
 * hooks run in that order, after the options' own).
 */
export function secondFactorGate(opts: SecondFactorGateOptions): BetterAuthPlugin {
  const { db, rateLimiter, hooks, log, ipHeader, limitAttempts } = opts;
  return {
    id: 'tenantry-second-factor',
    hooks: {
      before: [
        {
          matcher: (ctx) => limitAttempts && LIMITED.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await attemptingUser(ctx as unknown as EndpointContext);
            if (!userId) return;
            const wait = await rateLimiter.hit(
              `second-factor:${userId}`,
              SECOND_FACTOR_ATTEMPT_LIMIT,
            );
            if (wait > 0) {
              // Answered, not thrown: a thrown refusal would be logged as Better Auth's error.
              return new Response(
                JSON.stringify({
                  code: SECOND_FACTOR_RATE_LIMITED,
                  message: `Too many codes tried for this user. Wait ${wait} s and try again.`,
                }),
                {
                  status: 429,
                  headers: { 'content-type': 'application/json', 'retry-after': String(wait) },
                },
              );
            }
            return undefined;
          }),
        },
      ],
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const path = ctx.path ?? '';
            const data = ctx.context.newSession as {
              session: Record<string, unknown> & { token: string; userId: string };
              user: { id: string };
            } | null;
            const fresh = data ? created.get(data.session.token) : undefined;
            if (data) created.delete(data.session.token);
            if (
              data &&
              fresh &&
              !GATE_EXEMPT.has(path) &&
              !isSsoCallback(path) &&
              !data.session.impersonatedBy
            ) {
              const methods = await enrolledMethods(db, data.user.id);
              if (methods.length > 0) return openChallenge(ctx, data, methods);
            }
            if (!data && SECOND_STEP[path]) {
              await recordRefusedSecondStep(ctx as unknown as EndpointContext, SECOND_STEP[path]);
            }
            if (!data && path === '/sign-in/email' && isTwoFactorRedirect(ctx.context.returned)) {
              // The plugin's own challenge names the authenticator app only: add passkeys.
              const userId = await userIdByEmail(db, (ctx.body as { email?: unknown })?.email);
              const methods = userId ? await enrolledMethods(db, userId) : [];
              return ctx.json({ twoFactorRedirect: true, twoFactorMethods: methods });
            }
            if (data && path === '/passkey/verify-authentication') {
              // A passkey was the second step: its challenge is spent.
              const id = await challengeId(ctx as unknown as EndpointContext);
              if (id) {
                await ctx.context.internalAdapter.consumeVerificationValue(id).catch(() => null);
                ctx.setCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, '', {
                  maxAge: 0,
                  path: '/',
                });
              }
            }
            if (data && fresh?.signIn) {
              try {
                await hooks.onSignedIn({
                  userId: data.user.id,
                  method: (data.session.signInMethod as SignInMethod | null) ?? 'password',
                  secondFactor: (data.session.secondFactor as SecondFactorKind | null) ?? null,
                  ...requestOf(ctx as unknown as EndpointContext, ipHeader),
                });
              } catch (err) {
                log.error({ err }, 'could not record a sign-in');
              }
            }
            return undefined;
          }),
        },
      ],
    },
  };

  /**
   * A wrong second step (a wrong authenticator or backup code, too many of them) is a refused
   * sign-in like a wrong password (`auth.sign_in_failed`, the first step's method, reason
   * `invalid_second_factor` or `too_many_attempts`). Recorded only while the request carries
   * a challenge: that is what names the user. Not awaited, like the others.
   */
  async function recordRefusedSecondStep(ctx: EndpointContext, kind: SecondFactorKind) {
    const reason = SECOND_STEP_FAILURES[apiErrorCode(ctx.context.returned) ?? ''];
    if (!reason) return;
    const userId = await attemptingUser(ctx);
    if (!userId) return;
    const [user] = await queryRows<{ email: string }>(
      db,
      sql`select email from users where id = ${userId}`,
    );
    if (!user) return;
    const origin = await challengeOrigin(ctx, userId);
    void hooks
      .onSignInFailed({
        email: user.email,
        method: origin?.method ?? 'password',
        reason,
        secondFactor: kind,
        ...requestOf(ctx, ipHeader),
      })
      .catch((err: unknown) => log.error({ err }, 'could not record a failed sign-in'));
  }

  /**
   * Turns the session an endpoint just opened into the two-factor plugin's challenge, as the
   * plugin does for a password sign-in: the session is deleted and its cookie expired, the
   * challenge (and the attempts counter the plugin's verify endpoints read) is stored with our
   * note of the first step, and the answer says what the second step may use.
   */
  async function openChallenge(
    ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
    data: { session: Record<string, unknown> & { token: string; userId: string } },
    methods: SecondFactorMethod[],
  ) {
    const adapter = ctx.context.internalAdapter;
    deleteSessionCookie(ctx, true);
    await adapter.deleteSession(data.session.token);
    ctx.context.setNewSession(null);
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
    const origin: Origin = {
      userId: data.session.userId,
      method: (data.session.signInMethod as SignInMethod | null) ?? 'password',
      sharedTenantId: (data.session.sharedTenantId as string | null) ?? null,
    };
    await adapter.createVerificationValue({ value: origin.userId, identifier, expiresAt });
    await adapter.createVerificationValue({
      value: '0',
      identifier: `2fa-attempts-${identifier}`,
      expiresAt,
    });
    await adapter.createVerificationValue({
      value: JSON.stringify(origin),
      identifier: `${ORIGIN_PREFIX}${identifier}`,
      expiresAt,
    });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, {
      ...cookie.attributes,
      maxAge: CHALLENGE_SECONDS,
    });
    return ctx.json({ twoFactorRedirect: true, twoFactorMethods: methods });
  }
}
