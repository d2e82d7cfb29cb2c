import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../lib/jobs/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mail/index.ts';
import { setupTestApp, testConfig, uniqueEmail, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createMailboxStore } from './mailbox.service.ts';

// The production wiring of server.ts: Better Auth → mailer.send → a pg-boss job on the same
// database → the worker stores the message in the development mailbox.
let t: TestApp;
let jobs: Jobs;
beforeAll(async () => {
  const database = await createTestDatabase();
  const logger = createLogger(testConfig().logLevel);
  jobs = createJobs({ executeSql: database.executeSql, logger, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  const mailer = createMailer({
    from: testConfig().smtpFrom,
    jobs,
    mailbox: createMailboxStore(database.db),
    logger,
  });
  await mailer.register();
  t = await setupTestApp({ database, mailer });
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('e-mail through the job queue', () => {
  it('the code e-mail of a sign-up reaches the mailbox through a job', async () => {
    const email = uniqueEmail('queued');
    const res = await t.client().signUp({ email });
    expect(res.status).toBe(200);
    const mail = await waitFor(async () => (await t.mailTo(email))[0]);
    expect(mail.subject).toMatch(/^Your Tenantry code: \d{6}$/);
    expect(mail.from).toBe('Tenantry <no-reply@tenantry.local>');
    expect(mail.text).toContain(mail.subject.slice(-6));
  });
});
