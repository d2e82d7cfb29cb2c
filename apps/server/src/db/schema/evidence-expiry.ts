/**
 * Expiry notices of evidence (docs/evidence.md, "Expiry"): one row per file and state change
 * (expiring within EVIDENCE_LIMITS.expiringWithinDays, then expired) for the expiry date it was
 * about. The periodic run inserts the row before it e-mails, so with several servers a notice
 * goes out once: the unique key is the claim. A new expiry date (the file renewed) is a new
 * state change.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { evidenceFiles } from './evidence.ts';

export const EVIDENCE_NOTICE_STATES = ['expiring', 'expired'] as const;
export type EvidenceNoticeState = (typeof EVIDENCE_NOTICE_STATES)[number];

export const evidenceExpiryNotices = pgTable(
  'evidence_expiry_notices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    evidenceId: text('evidence_id')
      .notNull()
      .references(() => evidenceFiles.id, { onDelete: 'cascade' }),
    state: text('state', { enum: EVIDENCE_NOTICE_STATES }).notNull(),
    /** The expiry date the notice was about. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'evidence_expiry_notices_pkey',
      columns: [t.evidenceId, t.state, t.expiresOn],
    }),
    index('evidence_expiry_notices_account_idx').on(t.accountId),
    check('evidence_expiry_notices_state_check', sql`${t.state} in ('expiring', 'expired')`),
  ],
);
