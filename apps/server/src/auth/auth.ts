import { DISPLAY_NAME_MAX, PASSWORD_LIMITS } from '@tenantry/shared';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { passkey } from '@better-auth/passkey';
import { admin, emailOTP, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { passkeyRelyingParty, trustedOrigins, type AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { betterAuthSchema, ssoProvidersOpening, users } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { MailMessage, MailSender } from '../lib/mail/index.ts';
import {
  changeEmailConfirmationEmail,
  existingAccountEmail,
  resetPasswordEmail,
  signUpCodeEmail,
  verificationEmail,
} from './emails.ts';
import { createRateLimiter } from '../db/rate-limit.ts';
import { CHALLENGE_SECONDS, secondFactorGate, sessionOrigin } from './second-factor.ts';
import { signInFailureRecorder, type SecurityEventHooks } from './security-events.ts';
import { currentSharedSignIn } from './shared-signin-context.ts';
import { isSsoCallback, ssoPlugins, type SsoHooks } from './sso.ts';
import { refuseUnstorableInput } from './storable-input.ts';
import type { SharedSignInContext } from './types.ts';

/**
 * Internal header carrying the client's socket address to Better Auth's rate limiter. The app
 * strips any incoming copy and sets it from the connection (auth/handler.ts), so a client
 * cannot choose its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = 'x-tenantry-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

/** Rate limits per client IP (ASVS 6.3.1); everything else uses Better Auth's default. */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  '/request-password-reset': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
} as const;

/** One-time e-mail codes (sign-up and the shared sign-in): 6 digits, 10 minutes, 3 tries. */
export const EMAIL_CODE = { length: 6, expiresInSeconds: 10 * 60, allowedAttempts: 3 };

/** Per client address, for the routes that send (`code`) and check (`verify`) e-mail codes. */
export const EMAIL_CODE_RATE_LIMITS = {
  code: { windowSeconds: 60, max: 5 },
  verify: { windowSeconds: 60, max: 10 },
} as const;

/** Better Auth's APIError for a 4xx (INVALID_OTP, OTP_EXPIRED, TOO_MANY_ATTEMPTS, …). */
export function isBetterAuthClientError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Every path of Better Auth's admin plugin except `/admin/stop-impersonating`. */
const ADMIN_PLUGIN_PATHS = [
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
];

/**
 * Parts of the two-factor plugin the product does not use: codes by e-mail or SMS (not
 * configured) and showing the authenticator secret again (set up anew instead).
 */
const UNUSED_TWO_FACTOR_PATHS = [
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/get-totp-uri',
];

/** What the admin plugin gives a new user, for the sign-up answer to a taken address. */
const SYNTHETIC_ADMIN_FIELDS = { role: 'user', banned: false, banReason: null, banExpires: null };

/** How long a support session (the admin plugin's impersonation) lasts: 60 minutes. */
export const SUPPORT_SESSION_SECONDS = 60 * 60;

/**
 * Better Auth's admin plugin: system admins are users whose `role` is `admin` (mirrored from
 * is_system_admin by a trigger). A system admin cannot be impersonated; a disabled (banned)
 * user gets no session. Its HTTP paths are disabled (ADMIN_PLUGIN_PATHS).
 */
const systemAdminPlugin = admin({
  impersonationSessionDuration: SUPPORT_SESSION_SECONDS,
  allowImpersonatingAdmins: false,
  bannedUserMessage:
    'This user has been disabled by the Tenantry service team. Contact support if you think this is a mistake.',
});

/**
 * Better Auth's e-mail OTP endpoints are not served over HTTP: a one-time code may only be
 * asked for and used through /api/v1/shared-signin/{tenantId}/* (modules/sharing), which
 * checks the share grant first and marks the session with its tenant. Without this, anyone
 * could sign in (or sign up) by e-mail code outside a share. `auth.api.*` still reaches them.
 */
export const DISABLED_AUTH_PATHS = [
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/forget-password/email-otp',
  '/sign-in/email-otp',
  // Better Auth's admin plugin (user list, roles, bans, sessions, impersonation) is reached
  // only through the service console's routes (requireSystemRole, audited, with their own
  // rules: never on oneself, never the last admin, support access only while granted), which
  // call `auth.api.*`. Only leaving a support session is served over HTTP.
  ...ADMIN_PLUGIN_PATHS,
  ...UNUSED_TWO_FACTOR_PATHS,
];

/**
 * What identity asks of the domains, handed in by the composition root (app.ts) so that auth/
 * never imports a module.
 */
export interface AuthHooks extends SecurityEventHooks, SsoHooks {
  /** A user made by an ordinary sign-up gets their own account. Idempotent. */
  onUserCreated(user: { id: string; name: string | null; email: string }): Promise<void>;
  /** After every new session (e.g. promote an address listed in SYSTEM_ADMIN_EMAILS). */
  onSessionCreated(session: { userId: string }): Promise<void>;
  /** The e-mail that carries a shared sign-in's one-time code. */
  sharedSignInCodeEmail(
    to: string,
    code: string,
    shared: SharedSignInContext,
  ): MailMessage | Promise<MailMessage>;
  /**
   * Null when an account created at `createdAt`, with this subscription row (as `to_jsonb` of
   * `subscriptions`, or null), has the developer API in its plan now; else the error to answer
   * an API key request with (402).
   */
  apiAccessRefusal(createdAt: Date, subscription: Record<string, unknown> | null): Error | null;
}

export interface AuthOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  mailer: MailSender;
  hooks: AuthHooks;
}

export function createAuth({ config, db, logger, mailer, hooks }: AuthOptions) {
  const log = logger.child({ module: 'auth' });
  const adminEmails = config.systemAdminEmails;
  return betterAuth({
    appName: 'Tenantry',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    // With SSO_IDP_ORIGINS: the SSO plugin reaches public addresses and these (docs/sso.md).
    trustedOrigins: [...trustedOrigins(config.publicUrl), ...(config.ssoIdpOrigins ?? [])],
    telemetry: { enabled: false },
    disabledPaths: DISABLED_AUTH_PATHS,
    hooks: {
      before: refuseUnstorableInput, // NUL or a lone surrogate: a 400, never a 500.
      after: signInFailureRecorder(hooks, log, CLIENT_IP_HEADER), // security events
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema(config), transaction: true }),
    user: {
      // A new address is used once verified; a verified old address confirms it first.
      changeEmail: {
        enabled: true,
        updateEmailWithoutVerification: false,
        sendChangeEmailConfirmation: async ({ user, newEmail, token }) => {
          const url = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
          await mailer.send(
            changeEmailConfirmationEmail(user.email, user.name || user.email, newEmail, url),
          );
        },
      },
      additionalFields: {
        // input: false → a sign-up or update body can never set them (no mass assignment).
        isSystemAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isSystemDev: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    // The product's "account" is the tenant; Better Auth's sign-in methods live here.
    account: { modelName: 'auth_credentials', encryptOAuthTokens: true },
    verification: { modelName: 'verification' },
    session: {
      modelName: 'session',
      // No signed cookie cache: Better Auth's own endpoints (change password, change e-mail…)
      // then see an ended session at once too. Our routes keep a short in-process cache of
      // verified cookies (session-cache.ts) and check the session row in the claims query.
      cookieCache: { enabled: false },
      additionalFields: {
        // The client tenant of a shared sign-in (sessions.shared_tenant_id); null for a
        // member's session. Set only by the session.create hook below, never from input.
        sharedTenantId: { type: 'string', required: false, input: false },
        // How it signed in and with which second factor (auth/second-factor.ts).
        signInMethod: { type: 'string', required: false, input: false },
        secondFactor: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LIMITS.min,
      maxPasswordLength: PASSWORD_LIMITS.max,
      // No session before the address is proven (docs/decisions/0012): sign-up answers the same
      // `{ token: null, user }` whether or not the address has an account, e-mails a code to a
      // new one (emailOTP below) and a notice to a taken one; POST /api/v1/signup/verify takes
      // the code and opens the first session. Sign-in with an unproven address answers 403
      // EMAIL_NOT_VERIFIED (only with the right password), and the web asks for a code.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => {
        const { publicUrl } = config;
        await mailer.send(
          existingAccountEmail(user.email, `${publicUrl}/signin`, `${publicUrl}/forgot-password`),
        );
      },
      // The answer for a taken address must equal a new user's, fields of the admin plugin too.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        ...SYNTHETIC_ADMIN_FIELDS,
        id,
      }),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(resetPasswordEmail(user.email, user.name || user.email, url));
      },
    },
    emailVerification: {
      // Sign-up sends a code (emailOTP's sendVerificationOnSignUp), not a link; links remain for
      // an e-mail change and for "send the link again".
      sendOnSignUp: false,
      sendOnSignIn: false,
      // The code (or link) that proves the address also signs in: the new user's first minute.
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        // The web page /verify-email calls GET /api/auth/verify-email?token=… and shows the result.
        const url = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send(verificationEmail(user.email, user.name || user.email, url));
      },
    },
    plugins: [...authPlugins({ config, db, logger, mailer, hooks })],
    rateLimit: {
      enabled: config.authRateLimit,
      // In the database (rate_limits), so the limits hold across server processes.
      storage: 'database',
      customRules: { ...AUTH_RATE_LIMITS },
    },
    advanced: {
      cookiePrefix: 'tenantry',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            checkDisplayName(user.name);
            const listed = adminEmails.includes(String(user.email).toLowerCase());
            return { data: { ...user, isSystemAdmin: listed, isSystemDev: false } };
          },
          // Runs after Better Auth's sign-up transaction commits; onUserCreated is
          // idempotent and loadClaims repairs a user whose hook did not complete.
          // A user created by a shared sign-in (e-mail code at /sharedSignin/{tenantId}) gets
          // no own account: they are a client's contact, not a provider (docs/product.md); one
          // made by an SSO sign-in joins the provider's account instead (auth/sso.ts).
          after: async (user, ctx) => {
            if (currentSharedSignIn() || isSsoCallback(ctx)) return;
            await hooks.onUserCreated({ id: user.id, name: user.name, email: user.email });
          },
        },
        update: {
          // Better Auth's update-user endpoint must keep the same limit as PATCH /api/v1/me.
          before: async (user) => {
            if ('name' in user) checkDisplayName(user.name);
            return undefined;
          },
        },
      },
      session: sessionHooks(hooks),
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const obj = args.length > 0 ? { args: args.map(describeArg) } : {};
        if (level === 'error') log.error(obj, message);
        else if (level === 'warn') log.warn(obj, message);
        else if (level === 'info') log.info(obj, message);
        else log.debug(obj, message);
      },
    },
  });
}

/**
 * Better Auth's plugins: the system admins' (admin), e-mail codes (sign-up and the shared
 * sign-in), the second factors and, after them, the gate no sign-in path skips.
 */
function authPlugins({ config, db, logger, mailer, hooks }: AuthOptions) {
  const log = logger.child({ module: 'auth' });
  return [
    systemAdminPlugin,
    ...ssoPlugins(hooks, config.publicUrl, log),
    emailOTP({
      otpLength: EMAIL_CODE.length,
      expiresIn: EMAIL_CODE.expiresInSeconds,
      allowedAttempts: EMAIL_CODE.allowedAttempts,
      storeOTP: 'hashed',
      sendVerificationOnSignUp: true,
      sendVerificationOTP: async ({ email, otp, type }) => {
        if (type === 'email-verification') {
          // After every sign-up, also one with a taken address (the answer must not differ):
          // an address already proven gets the notice (onExistingUserSignUp), not a code.
          const [user] = await db
            .select({ verified: users.emailVerified })
            .from(users)
            .where(eq(users.email, email.toLowerCase()))
            .limit(1);
          if (!user || user.verified) return;
          await mailer.send(signUpCodeEmail(email, otp, `${config.publicUrl}/signup`));
          return;
        }
        const shared = currentSharedSignIn();
        if (type !== 'sign-in' || !shared) {
          // Codes are only for sign-up and the shared sign-in (the HTTP endpoints are disabled).
          log.warn({ type }, 'e-mail code requested outside a sign-up or shared sign-in; not sent');
          return;
        }
        await mailer.send(await hooks.sharedSignInCodeEmail(email, otp, shared));
      },
    }),
    // Second factors (docs/identity.md): an authenticator app with backup codes, enrolled in
    // admin/security with the password, confirmed by a first code; and passkeys.
    twoFactor({
      issuer: 'Tenantry',
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    }),
    passkey({
      rpName: 'Tenantry',
      rpID: passkeyRelyingParty(config.publicUrl).rpID,
      origin: passkeyRelyingParty(config.publicUrl).origins,
    }),
    // After both: no sign-in path skips an enrolled second factor (auth/second-factor.ts).
    secondFactorGate({
      db,
      rateLimiter: createRateLimiter(db),
      limitAttempts: config.authRateLimit,
      hooks,
      log,
      ipHeader: CLIENT_IP_HEADER,
    }),
  ] as const;
}

export type Auth = ReturnType<typeof createAuth>;

/** Better Auth's tables; the SSO plugin's providers read with their client secrets opened. */
function authSchema(config: AppConfig) {
  return { ...betterAuthSchema, ssoProvider: ssoProvidersOpening(config.authSecret) };
}

/** Better Auth's `databaseHooks.session`. */
function sessionHooks(hooks: AuthHooks) {
  return {
    create: {
      // How it signed in (and, for a shared sign-in's second step, its tenant); a session
      // created by a shared sign-in carries its client tenant, and claims re-check the share
      // grant on every request.
      before: async (
        session: Record<string, unknown>,
        ctx: Parameters<typeof sessionOrigin>[1],
      ) => {
        const origin = await sessionOrigin(session, ctx);
        const shared = currentSharedSignIn();
        return {
          data: { ...session, ...origin, ...(shared ? { sharedTenantId: shared.tenantId } : {}) },
        };
      },
      // Then promote a listed admin. (The sign-in's security event is recorded by the
      // second-factor gate once the session stands.)
      after: async (session: { userId: string }) => {
        await hooks.onSessionCreated({ userId: session.userId });
      },
    },
  };
}

function describeArg(arg: unknown): unknown {
  if (arg instanceof Error) return { name: arg.name, message: arg.message, stack: arg.stack };
  return arg;
}

/** Sign-up and profile changes keep names within the product's limit (a 400, not a 10 KB name). */
function checkDisplayName(name: unknown): void {
  if (typeof name !== 'string') return;
  if (name.trim().length > DISPLAY_NAME_MAX) {
    throw new APIError('BAD_REQUEST', {
      message: `Use at most ${DISPLAY_NAME_MAX} characters for the name.`,
    });
  }
}
