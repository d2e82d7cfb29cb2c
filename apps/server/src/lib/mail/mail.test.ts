import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../jobs/index.ts';
import { createRecordingLogger, waitFor } from '../../test/jobs.ts';
import {
  createMailer,
  isValidEmailAddress,
  MailValidationError,
  type MailMessage,
} from './index.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port; `rejectNext` answers 451 to that many messages. */
async function startSmtpServer() {
  const received: Received[] = [];
  const control = { rejectNext: 0, attempts: 0 };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        control.attempts++;
        if (control.rejectNext > 0) {
          control.rejectNext--;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mailer', () => {
  let db: PGlite;
  let smtpJobs: Jobs;
  let mailboxJobs: Jobs;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const logger = createRecordingLogger();
  const stored: MailMessage[] = [];
  const mailbox = { store: async (msg: MailMessage) => void stored.push(msg) };
  const from = 'Tenantry <no-reply@tenantry.test>';
  const fastRetry = { retryLimit: 3, retryDelay: 0, retryBackoff: false };

  beforeAll(async () => {
    db = new PGlite();
    smtp = await startSmtpServer();
    // Two queues of `mail.send` (one per schema) so the SMTP and mailbox workers never meet.
    const executeSql = (text: string, values?: unknown[]) => db.query(text, values);
    smtpJobs = createJobs({ executeSql, logger, schema: 'mail_smtp', pollingIntervalSeconds: 0.5 });
    mailboxJobs = createJobs({
      executeSql,
      logger,
      schema: 'mail_box',
      pollingIntervalSeconds: 0.5,
    });
    await smtpJobs.start();
    await mailboxJobs.start();
  });

  afterAll(async () => {
    await smtpJobs?.stop();
    await mailboxJobs?.stop();
    await smtp?.close();
    await db?.close();
  });

  it('delivers a sent message through the SMTP server, by way of a job', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from,
      jobs: smtpJobs,
      mailbox,
      logger,
      retry: fastRetry,
    });
    await mailer.register();

    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your assessment is ready',
      text: 'Open it here.',
    });

    const message = await waitFor(() =>
      smtp.received.find((m) => m.to.includes('ada@example.com')),
    );
    expect(mailer.transport).toBe('smtp');
    expect(message.from).toBe('no-reply@tenantry.test');
    expect(message.raw).toMatch(/^To: ada@example\.com\r$/m);
    expect(message.raw).toMatch(/^From: Tenantry <no-reply@tenantry\.test>\r$/m);
    expect(message.raw).toMatch(/^Subject: Your assessment is ready\r$/m);
    expect(message.raw).toContain('Open it here.');
    expect(stored).toHaveLength(0);
  });

  it('retries a delivery the SMTP server turned down for now', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from,
      jobs: smtpJobs,
      mailbox,
      logger,
      retry: fastRetry,
    });
    smtp.control.rejectNext = 1;
    const attemptsBefore = smtp.control.attempts;

    await mailer.send({
      to: 'grace@example.com',
      subject: 'Second try',
      text: 'Hello again',
      html: '<p>Hello again</p>',
    });

    const message = await waitFor(
      () => smtp.received.find((m) => m.to.includes('grace@example.com')),
      10_000,
    );
    expect(smtp.control.attempts - attemptsBefore).toBe(2);
    expect(message.raw).toContain('<p>Hello again</p>');
    expect(logger.entries.some((e) => e.msg === 'jobs: job failed, will retry')).toBe(true);
  });

  it('stores the message in the mailbox when no SMTP URL is set', async () => {
    const mailer = createMailer({ from, jobs: mailboxJobs, mailbox, logger });
    await mailer.register();

    await mailer.send({
      to: 'linus@example.com',
      subject: 'Welcome',
      text: 'Hi Linus',
      from: 'support@tenantry.test',
    });

    await waitFor(() => stored.length === 1);
    expect(mailer.transport).toBe('mailbox');
    expect(stored[0]).toEqual({
      to: 'linus@example.com',
      from: 'support@tenantry.test',
      subject: 'Welcome',
      text: 'Hi Linus',
    });
  });

  it('enqueues with 5 retries and exponential backoff by default', async () => {
    const mailer = createMailer({
      from,
      jobs: mailboxJobs,
      mailbox: { store: async () => {} },
      logger,
    });
    const rowsBefore = await db.query('SELECT id FROM mail_box.job');

    await mailer.send({ to: 'barbara@example.com', subject: 'Policy', text: '.' });

    const { rows } = await db.query<{
      retry_limit: number;
      retry_delay: number;
      retry_backoff: boolean;
    }>(
      'SELECT retry_limit, retry_delay, retry_backoff FROM mail_box.job WHERE NOT (id = ANY($1::uuid[]))',
      [rowsBefore.rows.map((r) => (r as { id: string }).id)],
    );
    expect(rows).toEqual([{ retry_limit: 5, retry_delay: 5, retry_backoff: true }]);
  });

  it('refuses a recipient that smuggles in a header or a second address, and queues nothing', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from, jobs: smtpJobs, mailbox, logger });
    const countJobs = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_smtp.job')).rows[0]!.n;
    const before = await countJobs();

    for (const to of [
      'victim@example.com\r\nBcc: everyone@example.com',
      'victim@example.com\nBcc: everyone@example.com',
      'victim@example.com, other@example.com',
      'Victim <victim@example.com>',
      '',
    ]) {
      await expect(mailer.send({ to, subject: 'Hi', text: '.' })).rejects.toBeInstanceOf(
        MailValidationError,
      );
    }
    await expect(
      mailer.send({ to: 'ok@example.com', subject: 'Hi\r\nBcc: x@example.com', text: '.' }),
    ).rejects.toThrow('Invalid subject');
    expect(await countJobs()).toBe(before);
  });

  it('drops, without sending, a queued message whose recipient is invalid', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from, jobs: smtpJobs, mailbox, logger });
    const attemptsBefore = smtp.control.attempts;

    await mailer.deliver({
      to: 'a@example.com\r\nBcc: b@example.com',
      from,
      subject: 'x',
      text: 'x',
    });

    expect(smtp.control.attempts).toBe(attemptsBefore);
    expect(
      logger.entries.some(
        (e) => e.level === 'error' && e.msg === 'mail: dropped an invalid message',
      ),
    ).toBe(true);
  });

  it('accepts only smtp:// and smtps:// URLs and a valid sender', () => {
    expect(() =>
      createMailer({ smtpUrl: 'http://mail.example.com', from, jobs: smtpJobs, mailbox, logger }),
    ).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() =>
      createMailer({ from: 'x\r\nBcc: y@example.com', jobs: smtpJobs, mailbox, logger }),
    ).toThrow(MailValidationError);
    expect(
      createMailer({
        smtpUrl: 'smtps://user:pass@mail.example.com',
        from,
        jobs: smtpJobs,
        mailbox,
        logger,
      }).transport,
    ).toBe('smtp');
  });
});

describe('isValidEmailAddress', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co.uk', 'user@localhost'])(
    'accepts %s',
    (address) => {
      expect(isValidEmailAddress(address)).toBe(true);
    },
  );

  it.each([
    'no-at-sign',
    'a@',
    '@example.com',
    'a b@example.com',
    'a@exa mple.com',
    'a@example.com\n',
    '"quoted"@example.com',
    `${'x'.repeat(65)}@example.com`,
    `a@${'x'.repeat(250)}.com`,
  ])('rejects %j', (address) => {
    expect(isValidEmailAddress(address)).toBe(false);
  });
});
