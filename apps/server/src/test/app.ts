import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { createApp, type CreateAppOptions, type TenantryApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailboxMessages, users } from '../db/schema/index.ts';
import type { JobInfo, Jobs } from '../lib/jobs/index.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../lib/mail/index.ts';
import { registerReports } from '../modules/reports/reports.worker.ts';
import { createBlobStore } from '../db/file-store.ts';
import { registerAccountExports } from '../modules/service-console/account-lifecycle/lifecycle.jobs.ts';
import { registerEvidencePacks } from '../modules/evidence-packs/evidence-packs.worker.ts';
import { registerAuditVerification } from '../modules/service-console/audit/audit-verify.ts';
import { createMailboxStore } from '../modules/system/mailbox.service.ts';
import { createTestDatabase } from './db.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_ORIGIN = new URL(TEST_PUBLIC_URL).origin;
/** Test-only: the client IP the rate limiter sees (never trusted outside tests). */
export const TEST_IP_HEADER = 'x-test-client-ip';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 3000,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), 'tenantry-test-data'),
    databaseUrl: undefined,
    appEnv: 'test',
    publicUrl: TEST_PUBLIC_URL,
    smtpUrl: undefined,
    smtpFrom: 'Tenantry <no-reply@tenantry.local>',
    systemAdminEmails: [],
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    webDist: path.join(os.tmpdir(), 'tenantry-test-no-web-dist'),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    benchCeilingRoute: false,
    demoData: false,
    authRateLimit: true,
    billingProvider: 'sandbox',
    stripe: undefined,
    ...overrides,
  };
}

export interface TestApp extends TenantryApp {
  database: DatabaseHandle;
  /** A new browser-like client with its own cookie jar and client IP. */
  client(): TestClient;
  /** Messages of the development mailbox sent to `to`, newest first. */
  mailTo(to: string): Promise<Array<typeof mailboxMessages.$inferSelect>>;
  /** Grants or revokes a system flag directly in the database. */
  setFlags(email: string, flags: { isSystemAdmin?: boolean; isSystemDev?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** Builds the app on a fresh copy of the migrated test database. */
export async function setupTestApp(
  options: { config?: Partial<AppConfig>; database?: DatabaseHandle } & Partial<
    Omit<CreateAppOptions, 'config' | 'database'>
  > = {},
): Promise<TestApp> {
  const { config: overrides, database: given, jobs: givenJobs, ...rest } = options;
  const database = given ?? (await createTestDatabase());
  const config = testConfig(overrides);
  const logger = rest.logger ?? createLogger(config.logLevel);
  // The real mailer of lib/mail on a job queue that runs each job at once, so a test sees the
  // message in the mailbox as soon as the request that sent it has answered (and a report is
  // rendered by then). A test may give its own queue (e.g. one that holds jobs back).
  const jobs = givenJobs ?? createInlineJobs();
  const mailer = createMailer({
    from: config.smtpFrom,
    jobs,
    mailbox: createMailboxStore(database.db),
    logger,
  });
  await mailer.register();
  await registerReports({ db: database.db, jobs, logger });
  const blobs = rest.blobs ?? createBlobStore(config, database.db, logger);
  await registerAccountExports({ db: database.db, blobs, jobs, logger });
  await registerEvidencePacks({ db: database.db, blobs, jobs, logger });
  await registerAuditVerification({ db: database.db, jobs, logger });
  const built = createApp({
    config,
    database,
    logger,
    mailer,
    jobs,
    getClientIp: (c) => c.req.header(TEST_IP_HEADER),
    ...rest,
    blobs,
  });
  const testApp: TestApp = {
    ...built,
    database,
    client: () => new TestClient(built.app, (email) => latestSignUpCode(database, email)),
    async mailTo(to) {
      return database.db
        .select()
        .from(mailboxMessages)
        .where(eq(mailboxMessages.to, to))
        .orderBy(desc(mailboxMessages.createdAt));
    },
    async setFlags(email, flags) {
      await database.db.update(users).set(flags).where(eq(users.email, email));
    },
    async close() {
      await built.deps.live.close();
      await built.deps.live.flush();
      await database.close();
    },
  };
  return testApp;
}

/** The code of the newest sign-up code e-mail to `email`, if any. */
async function latestSignUpCode(database: DatabaseHandle, email: string): Promise<string | null> {
  const [mail] = await database.db
    .select({ subject: mailboxMessages.subject })
    .from(mailboxMessages)
    .where(eq(mailboxMessages.to, email.toLowerCase()))
    .orderBy(desc(mailboxMessages.createdAt));
  return /^Your Tenantry code: (\d+)$/.exec(mail?.subject ?? '')?.[1] ?? null;
}

/** A Jobs whose send() runs the registered worker immediately (tests only). */
export function createInlineJobs(): Jobs {
  const workers = new Map<string, (data: unknown, job: JobInfo) => Promise<void>>();
  let n = 0;
  return {
    async start() {},
    async stop() {},
    async stopWorking() {},
    async send(name, data) {
      const worker = workers.get(name);
      if (!worker) throw new Error(`no worker for ${name}`);
      n += 1;
      await worker(data, { id: `inline-${n}`, retryCount: 0 });
      return `inline-${n}`;
    },
    async work(name, handler) {
      workers.set(name, handler as (data: unknown, job: JobInfo) => Promise<void>);
    },
  };
}

type Fetchable = { request(input: string, init?: RequestInit): Response | Promise<Response> };

/**
 * A browser-ish client: keeps cookies, sends the same-origin Origin header and a JSON body on
 * writes, and has its own client IP so rate limits of different tests do not interfere.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip = `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;

  constructor(
    private readonly app: Fetchable,
    /** Reads the sign-up code e-mailed to an address (the test's mailbox). */
    private readonly signUpCode: (email: string) => Promise<string | null> = async () => null,
  ) {}

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    const method = (rest.method ?? (json !== undefined ? 'POST' : 'GET')).toUpperCase();
    if (!headers.has(TEST_IP_HEADER)) headers.set(TEST_IP_HEADER, this.ip);
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) {
      headers.set('origin', TEST_ORIGIN);
    }
    if (json !== undefined && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await this.app.request(pathname, {
      ...rest,
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eqAt = pair.indexOf('=');
      const name = pair.slice(0, eqAt).trim();
      const value = pair.slice(eqAt + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'GET' });
  }

  post(pathname: string, json: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'POST', json });
  }

  /**
   * Signs up as a person does: the sign-up, then the code from the e-mail (when one came: a
   * taken address gets none), which signs in. Answers the sign-up's own response.
   */
  async signUp(user: { email: string; password?: string; name?: string }) {
    const res = await this.post('/api/auth/sign-up/email', {
      email: user.email,
      password: user.password ?? 'correct-horse-battery',
      name: user.name ?? 'Test User',
    });
    if (res.status !== 200) return res;
    const before = res.clone();
    const code = await this.signUpCode(user.email);
    if (code) {
      const verified = await this.post('/api/v1/signup/verify', { email: user.email, code });
      if (verified.status !== 200) {
        throw new Error(`sign-up code refused: ${verified.status} ${await verified.text()}`);
      }
    }
    return before;
  }

  async signIn(email: string, password = 'correct-horse-battery') {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

let counter = 0;
/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function tempDir(prefix = 'tenantry-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
