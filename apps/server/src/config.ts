import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_PROFILES, type ConfigProfile } from '@tenantry/shared';
import { z } from 'zod';
import { trustedProxyList } from './lib/client-address.ts';
import type { S3StorageConfig } from './lib/storage/s3-blob-store.ts';

/** Directory of the server package (apps/server), whatever the process cwd. */
export const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v),
    );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  APP_ENV: z.enum(CONFIG_PROFILES).default('production'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  SMTP_FROM: z.string().min(3).default('Tenantry <no-reply@tenantry.local>'),
  SYSTEM_ADMIN_EMAILS: z.string().default(''),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BENCH_CEILING_ROUTE: booleanFromEnv(false),
  DEMO_DATA: booleanFromEnv(true),
  AUTH_RATE_LIMIT: booleanFromEnv(true),
  BILLING_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PRO_MONTH: optionalString,
  STRIPE_PRICE_PRO_YEAR: optionalString,
  STRIPE_PRICE_BUSINESS_MONTH: optionalString,
  STRIPE_PRICE_BUSINESS_YEAR: optionalString,
  /** Another Stripe API address (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFromEnv(false),
  SSO_IDP_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))),
  TEST_HOOKS: booleanFromEnv(false),
  /** Load balancers and proxies whose X-Forwarded-For is believed (lib/client-address.ts). */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((entries) => trustedProxyList(entries) !== null, {
      message: 'must be IP addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)',
    }),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (1-65535)')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'must be a port number (1-65535)')
          .max(65535, 'must be a port number (1-65535)'),
      )
      .optional(),
  ),
  METRICS_HOST: optionalString,
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  STORAGE_DRIVER: z.enum(['postgres', 's3']).default('postgres'),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: booleanFromEnv(false),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .max(200)
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/,
        'must be segments of letters, digits, ".", "_" and "-" joined by "/", e.g. tenantry/',
      )
      .optional(),
  ),
});

/** Where files are kept (lib/storage; docs/storage.md). */
export type StorageConfig = { driver: 'postgres' } | { driver: 's3'; s3: S3StorageConfig };

const S3_VARS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_KEY_PREFIX',
] as const;

/** STORAGE_DRIVER and the S3_* variables, or the lines saying what is wrong with them. */
function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig | string[] {
  if (e.STORAGE_DRIVER === 'postgres') {
    const stray = S3_VARS.filter((name) => e[name] !== undefined);
    return stray.length
      ? stray.map(
          (name) =>
            `  ${name}: set, but STORAGE_DRIVER is postgres (set STORAGE_DRIVER=s3 to keep files in the bucket, or remove ${name})`,
        )
      : { driver: 'postgres' };
  }
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!e.S3_REGION) {
    problems.push(
      '  S3_REGION: required when STORAGE_DRIVER=s3 (e.g. eu-central-1; "auto" for Cloudflare R2, "us-east-1" for MinIO)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      `  ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required with ${e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} (or leave both out for the default AWS credential chain)`,
    );
  }
  if (problems.length) return problems;
  const prefix = e.S3_KEY_PREFIX ?? '';
  return {
    driver: 's3',
    s3: {
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION!,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      keyPrefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    },
  };
}

const STRIPE_PRICE_VARS = {
  'pro:month': 'STRIPE_PRICE_PRO_MONTH',
  'pro:year': 'STRIPE_PRICE_PRO_YEAR',
  'business:month': 'STRIPE_PRICE_BUSINESS_MONTH',
  'business:year': 'STRIPE_PRICE_BUSINESS_YEAR',
} as const;
export type StripePriceKey = keyof typeof STRIPE_PRICE_VARS;

/** Stripe's settings, all required when BILLING_PROVIDER=stripe. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price id per plan and interval. */
  prices: Record<StripePriceKey, string>;
  apiUrl: string | undefined;
}

/**
 * GET /metrics (docs/operations.md). Off unless METRICS_TOKEN or METRICS_PORT is set: with a
 * port it is served on its own listener (`host`, default 127.0.0.1) and not on the public
 * port; with a token a scrape must send `Authorization: Bearer <token>` (on either port).
 */
export interface MetricsConfig {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `${dataDir}/pglite` is used. */
  databaseUrl: string | undefined;
  appEnv: ConfigProfile;
  /** Origin (and optional path-less base) the browser uses, without a trailing slash. */
  publicUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Lower-cased e-mail addresses that are made system admins at sign-up/sign-in. */
  systemAdminEmails: string[];
  authSecret: string;
  /** Absolute path of the built web app. */
  webDist: string;
  logLevel: string;
  benchCeilingRoute: boolean;
  demoData: boolean;
  /** Better Auth's per-IP rate limits; only an end-to-end test run should turn them off. */
  authRateLimit: boolean;
  /** Who takes payments: the built-in sandbox (default) or Stripe (then `stripe` is set). */
  billingProvider: 'sandbox' | 'stripe';
  stripe: StripeConfig | undefined;
  /**
   * Webhook URLs may be http:// and reach private, loopback and link-local addresses (local
   * development and tests only; docs/webhooks.md). Absent means false.
   */
  webhookAllowPrivateUrls?: boolean;
  /**
   * Origins of identity providers on a private network or this machine (SSO_IDP_ORIGINS, e.g.
   * `https://idp.corp.internal`): single sign-on may use them although they are not public
   * (docs/sso.md). Better Auth's SSO plugin reaches only public addresses and these.
   */
  ssoIdpOrigins?: string[];
  /**
   * Load balancers and reverse proxies (TRUSTED_PROXIES: addresses or CIDR ranges): a request
   * from one of them is the client's named in X-Forwarded-For (lib/client-address.ts).
   * Absent or empty: the TCP peer is the client.
   */
  trustedProxies?: string[];
  /**
   * Routes and workers that only end-to-end tests use (POST /api/v1/test/failing-job; see
   * modules/service-console/system/test-hooks.ts). Absent means false; never set in production.
   */
  testHooks?: boolean;
  /** GET /metrics; absent means off. */
  metrics?: MetricsConfig;
  /**
   * On SIGTERM, how long in-flight requests may take to finish before their connections are
   * closed (DRAIN_TIMEOUT_MS, default 10 000).
   */
  drainTimeoutMs?: number;
  /**
   * On SIGTERM, how long the process keeps serving while /readyz already answers 503, so the
   * load balancer's health check sees it before the listener closes (DRAIN_DELAY_MS, default 0).
   */
  drainDelayMs?: number;
  /** Where files are kept (STORAGE_DRIVER, S3_*). Absent means PostgreSQL. */
  storage?: StorageConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the auth secret from `${dataDir}/auth-secret`, creating it (0600) on first start. */
export function resolveAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Validates the environment once at start. Throws a ConfigError listing every bad variable, so
 * the process can fail fast with a message a person can act on.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let stripe: StripeConfig | undefined;
  if (e.BILLING_PROVIDER === 'stripe') {
    const missing = [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      ...Object.values(STRIPE_PRICE_VARS),
    ].filter((name) => !e[name as keyof typeof e]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((m) => `  ${m}: required when BILLING_PROVIDER=stripe`).join('\n')}`,
      );
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      prices: Object.fromEntries(
        Object.entries(STRIPE_PRICE_VARS).map(([key, name]) => [key, e[name]!]),
      ) as Record<StripePriceKey, string>,
      apiUrl: e.STRIPE_API_URL,
    };
  }
  const metrics = metricsConfig(e);
  const storage = storageConfig(e);
  if (Array.isArray(storage)) {
    throw new ConfigError(`Invalid configuration:\n${storage.join('\n')}`);
  }
  const dataDir = path.resolve(process.cwd(), e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appEnv: e.APP_ENV,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    systemAdminEmails: e.SYSTEM_ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    authSecret: e.AUTH_SECRET ?? resolveAuthSecret(dataDir),
    webDist: e.WEB_DIST
      ? path.resolve(process.cwd(), e.WEB_DIST)
      : path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    logLevel: e.LOG_LEVEL,
    benchCeilingRoute: e.BENCH_CEILING_ROUTE,
    demoData: e.DEMO_DATA,
    authRateLimit: e.AUTH_RATE_LIMIT,
    billingProvider: e.BILLING_PROVIDER,
    stripe,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    ssoIdpOrigins: e.SSO_IDP_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    testHooks: e.TEST_HOOKS,
    metrics,
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    drainDelayMs: e.DRAIN_DELAY_MS,
    storage,
  };
}

function metricsConfig(e: z.infer<typeof EnvSchema>): MetricsConfig | undefined {
  const problems: string[] = [];
  if (e.METRICS_HOST && e.METRICS_PORT === undefined) {
    problems.push('METRICS_HOST: only used with METRICS_PORT (set the port too, or remove it)');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    problems.push(
      'METRICS_PORT: must differ from PORT (the metrics listener is a port of its own)',
    );
  }
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  if (!e.METRICS_TOKEN && e.METRICS_PORT === undefined) return undefined;
  return { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' };
}

/** The names of this machine: a deployment on one of them is reached under any of them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The WebAuthn relying party of passkeys (docs/identity.md): PUBLIC_URL's host name — or, for a
 * loopback address, `localhost`, since browsers refuse an IP address as a relying party (a
 * development or end-to-end server on 127.0.0.1 offers passkeys at http://localhost:PORT).
 */
export function passkeyRelyingParty(publicUrl: string): { rpID: string; origins: string[] } {
  const url = new URL(publicUrl);
  const rpID = LOOPBACK_HOSTS.includes(url.hostname) ? 'localhost' : url.hostname;
  return { rpID, origins: trustedOrigins(publicUrl) };
}

/**
 * Origins a browser may send state-changing requests from: PUBLIC_URL's origin, and when that is
 * a loopback name (localhost, 127.0.0.1, [::1]), its other loopback spellings on the same port,
 * so a newcomer who opens http://127.0.0.1:3000 instead of the printed http://localhost:3000 can
 * still sign in (and passkeys, which need `localhost`, work for a server on 127.0.0.1).
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => {
    const u = new URL(url.origin);
    u.hostname = host;
    return u.origin;
  });
}
