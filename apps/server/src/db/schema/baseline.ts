/**
 * The baseline of a client tenant (docs/baseline.md): at most one completed assessment per
 * tenant, marked as where the client stood. Deleting the assessment removes the mark.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { tenants } from './tenants.ts';

export const tenantBaselines = pgTable(
  'tenant_baselines',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('tenant_baselines_assessment_idx').on(t.assessmentId)],
);
