import type { AppConfig } from './config.ts';
import type { Database, DatabaseKind } from './db/client.ts';
import type { Logger } from './lib/logger.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the app needs of the mail module (lib/mail): enqueue or deliver one message. */
export interface MailSender {
  /** 'smtp' when SMTP_URL is configured, else the development 'mailbox'. */
  readonly transport: 'smtp' | 'mailbox';
  send(msg: OutgoingMail): Promise<void>;
}

/** Everything a module needs, built once by createApp and passed to route factories. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  dbKind: DatabaseKind;
  logger: Logger;
  mailer: MailSender;
  /** Timestamp of the deployed web build (version.json), else the server start time. */
  versionTimestamp: number;
}
