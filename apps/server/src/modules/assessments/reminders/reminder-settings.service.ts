/**
 * Reminder settings (docs/assessments.md, "Reminders"): the account's defaults (owners and
 * admins) and an assessment's overrides (whoever manages it). A field an assessment does not
 * override follows the account; an override of null turns that e-mail off. Saves carry the
 * `version` they were read at: a save over someone else's answers 409 with the current state.
 */
import {
  DEFAULT_REMINDER_SETTINGS,
  type AccountReminderSettings,
  type AssessmentReminderSettings,
  type ReminderOverrides,
  type ReminderSettings,
  type UpdateAccountReminderSettings,
  type UpdateAssessmentReminderSettings,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountContext, TenantContext } from '../../../auth/types.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { assessmentReminderSettings, reminderSettings } from '../../../db/schema/reminders.ts';
import { AppError } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { assessments } from '../../../db/schema/assessments.ts';
import { assessmentNotFound } from '../assessments.errors.ts';
import { assertAssessment } from '../assessments.service.ts';

type SettingsRow = typeof reminderSettings.$inferSelect;

const KEYS = ['enabled', 'beforeDueDays', 'nudgeAfterDays', 'lastCall', 'ownerSummary'] as const;

function settingsOf(row: SettingsRow | undefined): ReminderSettings {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS };
  return {
    enabled: row.enabled,
    beforeDueDays: row.beforeDueDays,
    nudgeAfterDays: row.nudgeAfterDays,
    lastCall: row.lastCall,
    ownerSummary: row.ownerSummary,
  };
}

/** The settings that apply: the account's, with the assessment's overrides on top. */
export function effectiveSettings(
  account: ReminderSettings,
  overrides: ReminderOverrides,
): ReminderSettings {
  const out = { ...account };
  for (const k of KEYS) {
    if (overrides[k] !== undefined) (out as Record<string, unknown>)[k] = overrides[k];
  }
  return out;
}

/** Only the keys the schema knows (what jsonb holds may be older). */
function cleanOverrides(o: ReminderOverrides): ReminderOverrides {
  const out: Record<string, unknown> = {};
  for (const k of KEYS) if (o[k] !== undefined) out[k] = o[k];
  return out as ReminderOverrides;
}

const conflict = (current: unknown) =>
  new AppError(
    'common.conflict',
    409,
    'Someone else changed these reminder settings meanwhile. Here is what they are now; save again to replace them.',
    undefined,
    { current },
  );

async function accountRow(db: Database | Tx, accountId: string, lock = false) {
  const q = db.select().from(reminderSettings).where(eq(reminderSettings.accountId, accountId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

function accountView(row: SettingsRow | undefined): AccountReminderSettings {
  return {
    settings: settingsOf(row),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function readAccountReminderSettings(
  db: Database,
  scope: Pick<AccountContext, 'accountId'>,
): Promise<AccountReminderSettings> {
  return accountView(await accountRow(db, scope.accountId));
}

export async function updateAccountReminderSettings(
  db: Database,
  scope: AccountContext,
  input: UpdateAccountReminderSettings,
): Promise<AccountReminderSettings> {
  const { version, ...settings } = input;
  return db.transaction(async (tx) => {
    // The first save of an account races on the insert: the loser waits, then compares.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reminder-settings:${scope.accountId}`}, 0))`,
    );
    const current = await accountRow(tx, scope.accountId, true);
    if (version !== undefined && version !== (current?.version ?? 0)) {
      throw conflict(accountView(current));
    }
    const before = settingsOf(current);
    const values = { ...settings, updatedAt: new Date(), updatedBy: scope.userId };
    const [row] = await tx
      .insert(reminderSettings)
      .values({ accountId: scope.accountId, ...values, version: 1 })
      .onConflictDoUpdate({
        target: reminderSettings.accountId,
        set: { ...values, version: sql`${reminderSettings.version} + 1` },
      })
      .returning();
    await recordAudit(tx, scope, {
      action: 'account.reminder_settings_changed',
      targetType: 'account',
      targetId: scope.accountId,
      data: { before, after: settingsOf(row) },
    });
    return accountView(row);
  });
}

async function overridesRow(db: Database | Tx, accountId: string, assessmentId: string) {
  const [row] = await db
    .select()
    .from(assessmentReminderSettings)
    .where(
      and(
        eq(assessmentReminderSettings.assessmentId, assessmentId),
        eq(assessmentReminderSettings.accountId, accountId),
      ),
    );
  return row;
}

function assessmentView(
  account: ReminderSettings,
  row: typeof assessmentReminderSettings.$inferSelect | undefined,
): AssessmentReminderSettings {
  const overrides = cleanOverrides(row?.overrides ?? {});
  return {
    overrides,
    account,
    effective: effectiveSettings(account, overrides),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function readAssessmentReminderSettings(
  db: Database,
  scope: Pick<TenantContext, 'accountId' | 'tenantId'>,
  assessmentId: string,
): Promise<AssessmentReminderSettings> {
  await assertAssessment(db, scope, assessmentId);
  const [account, row] = await Promise.all([
    accountRow(db, scope.accountId),
    overridesRow(db, scope.accountId, assessmentId),
  ]);
  return assessmentView(settingsOf(account), row);
}

export async function updateAssessmentReminderSettings(
  db: Database,
  scope: TenantContext,
  assessmentId: string,
  input: UpdateAssessmentReminderSettings,
): Promise<AssessmentReminderSettings> {
  const overrides = cleanOverrides(input.overrides);
  return db.transaction(async (tx) => {
    // The assessment's row is the lock: two saves (the first one's insert too) take turns.
    const [a] = await tx
      .select({ name: assessments.name })
      .from(assessments)
      .where(
        and(
          eq(assessments.id, assessmentId),
          eq(assessments.accountId, scope.accountId),
          eq(assessments.tenantId, scope.tenantId),
        ),
      )
      .for('update');
    if (!a) throw assessmentNotFound();
    const account = settingsOf(await accountRow(tx, scope.accountId));
    const current = await overridesRow(tx, scope.accountId, assessmentId);
    if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
      throw conflict(assessmentView(account, current));
    }
    const values = { overrides, updatedAt: new Date(), updatedBy: scope.userId };
    const [row] = await tx
      .insert(assessmentReminderSettings)
      .values({ assessmentId, accountId: scope.accountId, ...values, version: 1 })
      .onConflictDoUpdate({
        target: assessmentReminderSettings.assessmentId,
        set: { ...values, version: sql`${assessmentReminderSettings.version} + 1` },
      })
      .returning();
    await recordAudit(tx, scope, {
      action: 'assessments.reminder_settings_changed',
      targetType: 'assessment',
      targetId: assessmentId,
      data: {
        name: a.name,
        before: cleanOverrides(current?.overrides ?? {}),
        after: overrides,
      },
    });
    return assessmentView(account, row);
  });
}
