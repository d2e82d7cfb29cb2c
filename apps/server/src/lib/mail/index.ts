/**
 * Outgoing e-mail. `send()` only enqueues a `mail.send` job (so a request never waits on SMTP
 * and a failed delivery is retried with backoff); the job's worker calls `deliver()`, which
 * uses SMTP when `smtpUrl` is set (smtp:// or smtps://) and otherwise stores the message in
 * the development mailbox.
 */
import nodemailer from 'nodemailer';
import type { Jobs, Logger, SendOptions } from '../jobs/index.ts';
import { mailDeliveries } from '../metrics.ts';

/** One e-mail, the one message type of the app. Without `from`, the configured sender. */
export interface MailMessage {
  to: string;
  from?: string;
  /**
   * The display name the configured sender's address goes out under (a provider's brand,
   * docs/branding.md); ignored when `from` is given.
   */
  fromName?: string;
  /** The Reply-To address (a provider's brand), else none. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

/** A message ready to leave: its sender is decided. */
export type AddressedMail = Omit<MailMessage, 'fromName'> & { from: string };

/** Where messages go without SMTP: the development mailbox (modules/system). */
export interface Mailbox {
  store(msg: AddressedMail): Promise<void>;
}

/** What the app needs to send mail: every module sends through this. */
export interface MailSender {
  /** 'smtp' when SMTP_URL is configured, else the development 'mailbox'. */
  readonly transport: 'smtp' | 'mailbox';
  /** Validates and hands the message on (enqueued by the queued mailer below). */
  send(msg: MailMessage): Promise<void>;
}

/** The queued mailer: `send` enqueues a `mail.send` job whose worker calls `deliver`. */
export interface Mailer extends MailSender {
  /** Registers the `mail.send` worker; call once after jobs.start(). */
  register(): Promise<void>;
  /** The worker's body: SMTP when configured, else the mailbox. Throws to make the job retry. */
  deliver(msg: AddressedMail): Promise<void>;
}

export interface CreateMailerOptions {
  smtpUrl?: string;
  /** Default sender, e.g. `Tenantry <no-reply@example.com>`. */
  from: string;
  jobs: Jobs;
  mailbox: Mailbox;
  logger: Logger;
  /**
   * Told of every delivery attempt that fails (the recipient masked as in the logs), e.g. to
   * keep it for the service console (`mail_failures`); its own failure is only logged.
   */
  onFailure?: (failure: { recipient: string; subject: string; error: string }) => Promise<void>;
  /** Retry policy of the `mail.send` job. Default: 5 retries, backoff from 5 s (≈ 5 s … 2.5 min). */
  retry?: Pick<SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>;
}

export const MAIL_QUEUE = 'mail.send';

const DEFAULT_RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

/** An invalid message (address, header field); not worth retrying. */
export class MailValidationError extends Error {
  readonly code = 'mail.invalid_message';
  constructor(message: string) {
    super(message);
    this.name = 'MailValidationError';
  }
}

// The HTML specification's "valid e-mail address" (https://html.spec.whatwg.org/#valid-e-mail-address).
// It admits no whitespace, CR/LF, comma, quote or angle bracket, so an address cannot carry
// an extra header or a second recipient.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// `Display Name <address>` or a bare address, for the sender.
const NAMED_EMAIL = /^("[^"\\\r\n\0]*"|[^<>"\r\n\0]*?)\s*<([^<>\s]+)>$/;
// Characters that must never reach a header: CR, LF, NUL and the other C0 controls but TAB.
// eslint-disable-next-line no-control-regex
const HEADER_UNSAFE = /[\0-\x08\n-\x1f\x7f]/;

export function isValidEmailAddress(value: string): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  if (!EMAIL.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64;
}

function assertSender(from: string): void {
  if (typeof from !== 'string' || HEADER_UNSAFE.test(from))
    throw new MailValidationError('Invalid sender');
  const named = NAMED_EMAIL.exec(from.trim());
  if (!isValidEmailAddress(named ? named[2]! : from.trim()))
    throw new MailValidationError('Invalid sender');
}

/**
 * The message with its sender decided: its own `from`, else the configured sender's address
 * under `fromName` when one is given (quoted; a name with a quote, backslash or control is not
 * used), else the configured sender as it is.
 */
export function addressed(msg: MailMessage, defaultFrom: string): AddressedMail {
  const { fromName, ...rest } = msg;
  if (msg.from) return { ...rest, from: msg.from };
  const named = NAMED_EMAIL.exec(defaultFrom.trim());
  const address = named ? named[2]! : defaultFrom.trim();
  const name = fromName?.trim();
  // eslint-disable-next-line no-control-regex -- what a quoted display name may not hold
  const usable = name && !/["\\\0-\x1f\x7f]/.test(name);
  return { ...rest, from: usable ? `"${name}" <${address}>` : defaultFrom };
}

/** Checks a message before it is queued and again before it is delivered. */
export function validateMessage(msg: MailMessage): AddressedMail {
  if (!msg || typeof msg !== 'object') throw new MailValidationError('Invalid message');
  const { to, from, subject, text, html, replyTo } = msg;
  if (!isValidEmailAddress(to)) throw new MailValidationError('Invalid recipient address');
  if (replyTo !== undefined && !isValidEmailAddress(replyTo))
    throw new MailValidationError('Invalid Reply-To address');
  assertSender(from ?? '');
  const sender = from as string;
  if (
    typeof subject !== 'string' ||
    subject.trim() === '' ||
    HEADER_UNSAFE.test(subject) ||
    subject.length > 998
  ) {
    throw new MailValidationError('Invalid subject');
  }
  if (typeof text !== 'string') throw new MailValidationError('Invalid text body');
  if (html !== undefined && typeof html !== 'string')
    throw new MailValidationError('Invalid HTML body');
  return {
    to,
    from: sender,
    subject,
    text,
    ...(html === undefined ? {} : { html }),
    ...(replyTo === undefined ? {} : { replyTo }),
  };
}

/** `jane.doe@example.com` → `j***@example.com`: enough to follow a message in the logs. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

export function createMailer(opts: CreateMailerOptions): Mailer {
  const { jobs, mailbox, logger } = opts;
  assertSender(opts.from);
  const retry = { ...DEFAULT_RETRY, ...opts.retry };

  let smtp: ReturnType<typeof nodemailer.createTransport> | null = null;
  if (opts.smtpUrl) {
    let protocol: string;
    try {
      protocol = new URL(opts.smtpUrl).protocol;
    } catch {
      throw new Error('mail: SMTP_URL is not a valid URL');
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      throw new Error('mail: SMTP_URL must start with smtp:// or smtps://');
    }
    // Created once. Settings in the URL's query (e.g. ?pool=true) take precedence; the
    // timeouts keep a dead server from holding a job for minutes (nodemailer's defaults).
    smtp = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  const mailer: Mailer = {
    transport: smtp ? 'smtp' : 'mailbox',

    async register() {
      await jobs.work<AddressedMail>(MAIL_QUEUE, (msg) => mailer.deliver(msg));
    },

    async send(msg) {
      const message = validateMessage(addressed(msg, opts.from));
      const id = await jobs.send(MAIL_QUEUE, message, retry);
      logger.info({ jobId: id, to: maskAddress(message.to) }, 'mail: queued');
    },

    async deliver(msg) {
      let message: AddressedMail;
      try {
        message = validateMessage(msg);
      } catch (err) {
        // A malformed job will not get better by retrying: drop it, loudly.
        logger.error({ err }, 'mail: dropped an invalid message');
        return;
      }
      const to = maskAddress(message.to);
      const transport = smtp ? 'smtp' : 'mailbox';
      try {
        if (smtp) {
          const info = await smtp.sendMail(message);
          logger.info(
            { to, messageId: info.messageId, response: info.response },
            'mail: sent over SMTP',
          );
        } else {
          await mailbox.store(message);
          logger.info({ to }, 'mail: stored in the development mailbox');
        }
        mailDeliveries.inc({ transport, outcome: 'sent' });
      } catch (err) {
        mailDeliveries.inc({ transport, outcome: 'failed' });
        const error = err instanceof Error ? err.message : String(err);
        await opts
          .onFailure?.({ recipient: to, subject: message.subject, error: error.slice(0, 1000) })
          .catch((e: unknown) => logger.warn({ err: e }, 'mail: could not record a failure'));
        throw err;
      }
    },
  };
  return mailer;
}

/**
 * What a service that sends e-mail is handed after its `(db, scope, input)`: the sender, the
 * origin for links, and the request's logger (a failed send is logged, never fatal).
 */
export interface MailContext {
  mailer: MailSender;
  publicUrl: string;
  log: Logger;
}
