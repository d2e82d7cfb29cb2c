/**
 * Schedules of recurring assessments (docs/scheduling.md): set one up for a client tenant or
 * for every tenant carrying a tag, change it, pause, resume and end it (an ended schedule is
 * read-only history). The runs that create the assessments are in schedules.run.ts. Every
 * query carries the account, and the caller's client-tenant access (auth/tenant-access.ts):
 * a member limited to some tenants sees and changes only the schedules of their tenants, and
 * schedules by tag belong to those who reach every tenant.
 */
import { randomUUID } from 'node:crypto';
import {
  occurrencesFrom,
  SCHEDULE_CADENCE_LABELS,
  SCHEDULE_ERROR_CODES,
  SCHEDULE_LIMITS,
  utcDay,
  type AuditAction,
  type CreateSchedule,
  type Schedule,
  type ScheduleStatus,
  type UpdateSchedule,
} from '@tenantry/shared';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { assertTenantReachable } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { frameworks } from '../../db/schema/content.ts';
import { assessmentSchedules } from '../../db/schema/schedules.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError, forbidden, tenantNotFound } from '../../lib/errors.ts';
import { assertOwner, checkedScope } from '../assessments/assessments.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertTenant } from '../tenants/tenants.service.ts';
import {
  ofTenant,
  reachesAll,
  readSchedules,
  scheduleNotFound,
  visible,
  type ScheduleRow,
  type ScheduleScope,
} from './schedule-rows.ts';

type Db = Database | Tx;
/** The caller: an account member (the guard's context). */
export type ScheduleActor = ScheduleScope & Pick<AccountContext, 'userId' | 'email' | 'apiKeyId'>;

/** Every visible schedule of the account (active first, by next creation date). */
export async function listSchedules(db: Database, scope: ScheduleScope): Promise<Schedule[]> {
  return readSchedules(db, visible(scope));
}

/** The schedules of one client tenant (its own and its tags'). */
export async function listTenantSchedules(
  db: Database,
  scope: ScheduleScope,
  tenantId: string,
): Promise<Schedule[]> {
  await assertTenant(db, { ...scope, tenantId });
  return readSchedules(db, ofTenant(scope, tenantId));
}

export async function getSchedule(db: Db, scope: ScheduleScope, id: string): Promise<Schedule> {
  const [s] = await readSchedules(db, and(visible(scope), eq(assessmentSchedules.id, id))!);
  if (!s) throw scheduleNotFound();
  return s;
}

/** The first period whose due date is today or later. */
function firstFrom(
  t: Pick<ScheduleRow, 'anchorDueDate' | 'cadence' | 'everyMonths' | 'leadDays'>,
  now: Date,
) {
  return occurrencesFrom(t, utcDay(now), 1)[0]!;
}

/** The framework a schedule may use: global or the account's, published, not archived. */
async function usableFramework(db: Db, accountId: string, frameworkId: string) {
  const [fw] = await db
    .select({
      name: frameworks.name,
      latest: frameworks.latestVersion,
      archivedAt: frameworks.archivedAt,
    })
    .from(frameworks)
    .where(
      and(
        eq(frameworks.id, frameworkId),
        or(isNull(frameworks.accountId), eq(frameworks.accountId, accountId)),
      ),
    );
  if (!fw || fw.archivedAt || !fw.latest) {
    throw new AppError('common.validation', 400, 'Choose a published framework.', {
      frameworkId: fw?.archivedAt
        ? 'That framework is archived.'
        : 'There is no such published framework.',
    });
  }
  return { name: fw.name, latest: fw.latest };
}

/** What the audit entry names: the framework, the tenant or the tag, the cadence. */
async function auditData(db: Db, s: ScheduleRow) {
  const [row] = await db
    .select({ framework: frameworks.name, tenant: tenants.name })
    .from(frameworks)
    .leftJoin(tenants, and(eq(tenants.id, sql`${s.tenantId}`), eq(tenants.accountId, s.accountId)))
    .where(eq(frameworks.id, s.frameworkId));
  return {
    framework: row?.framework ?? '',
    target: s.tag ? `the tenants tagged “${s.tag}”` : (row?.tenant ?? ''),
    cadence: SCHEDULE_CADENCE_LABELS[s.cadence].toLowerCase(),
    tenantId: s.tenantId,
    tag: s.tag,
  };
}

async function audit(tx: Tx, scope: ScheduleActor, action: AuditAction, s: ScheduleRow) {
  await recordAudit(tx, scope, {
    action,
    targetType: 'schedule',
    targetId: s.id,
    data: await auditData(tx, s),
  });
}

export async function createSchedule(
  db: Database,
  scope: ScheduleActor,
  input: CreateSchedule,
  now = new Date(),
): Promise<Schedule> {
  if (input.tenantId !== undefined) {
    await assertTenantReachable(db, scope.accountId, input.tenantId, scope);
    const [t] = await db
      .select({ archivedAt: tenants.archivedAt })
      .from(tenants)
      .where(and(eq(tenants.id, input.tenantId), eq(tenants.accountId, scope.accountId)));
    if (!t) throw tenantNotFound();
    if (t.archivedAt) {
      throw new AppError('common.validation', 400, 'That client tenant is archived.', {
        tenantId: 'Choose an active client tenant.',
      });
    }
  } else if (!reachesAll(scope)) {
    throw forbidden('Only members who reach every client tenant set up schedules by tag.');
  }
  const fw = await usableFramework(db, scope.accountId, input.frameworkId);
  const checked = await checkedScope(
    db,
    input.frameworkId,
    fw.latest,
    input.scope ?? { sections: null, tags: null },
    input.targets ?? {},
  );
  const ownerId = input.ownerId ?? (scope.apiKeyId ? null : scope.userId);
  if (input.ownerId) await assertOwner(db, scope.accountId, input.ownerId);
  const timing = {
    anchorDueDate: input.anchorDueDate,
    cadence: input.cadence,
    everyMonths: input.cadence === 'every_n_months' ? (input.everyMonths ?? null) : null,
    leadDays: input.leadDays ?? SCHEDULE_LIMITS.leadDaysDefault,
  };
  const next = firstFrom(timing, now);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`schedules:${scope.accountId}`}))`,
    );
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(assessmentSchedules)
      .where(
        and(
          eq(assessmentSchedules.accountId, scope.accountId),
          sql`${assessmentSchedules.status} <> 'ended'`,
        ),
      );
    if (Number(n) >= SCHEDULE_LIMITS.perAccount) {
      throw new AppError(
        SCHEDULE_ERROR_CODES.tooMany,
        409,
        `An account has at most ${SCHEDULE_LIMITS.perAccount} schedules that have not ended.`,
      );
    }
    const [row] = await tx
      .insert(assessmentSchedules)
      .values({
        id,
        accountId: scope.accountId,
        tenantId: input.tenantId ?? null,
        tag: input.tag ?? null,
        frameworkId: input.frameworkId,
        scope: checked.assessmentScope,
        targets: checked.targets,
        ...timing,
        ownerId,
        reinviteRespondents: input.reinviteRespondents ?? true,
        useNewestVersion: input.useNewestVersion ?? true,
        status: 'active',
        nextDueDate: next.dueDate,
        nextCreateOn: next.createOn,
        createdBy: scope.apiKeyId ? null : scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, scope, 'schedules.created', row!);
  });
  return getSchedule(db, scope, id);
}

/** The schedule locked for a change: 404 when not visible, 409 once ended. */
async function lockSchedule(tx: Tx, scope: ScheduleScope, id: string): Promise<ScheduleRow> {
  const [row] = await tx
    .select({ s: assessmentSchedules })
    .from(assessmentSchedules)
    .leftJoin(
      tenants,
      and(
        eq(tenants.id, assessmentSchedules.tenantId),
        eq(tenants.accountId, assessmentSchedules.accountId),
      ),
    )
    .where(and(visible(scope), eq(assessmentSchedules.id, id)))
    .for('update', { of: assessmentSchedules });
  if (!row) throw scheduleNotFound();
  if (row.s.status === 'ended') {
    throw new AppError(
      SCHEDULE_ERROR_CODES.ended,
      409,
      'This schedule has ended; it is kept as history and cannot change.',
    );
  }
  return row.s;
}

export async function updateSchedule(
  db: Database,
  scope: ScheduleActor,
  id: string,
  input: UpdateSchedule,
  now = new Date(),
): Promise<Schedule> {
  if (input.ownerId) await assertOwner(db, scope.accountId, input.ownerId);
  await db.transaction(async (tx) => {
    const s = await lockSchedule(tx, scope, id);
    if (input.baseRevision !== undefined && input.baseRevision !== s.revision) {
      throw new AppError(
        SCHEDULE_ERROR_CODES.editConflict,
        409,
        'Someone changed this schedule since you opened it. Check it and save again.',
        undefined,
        { current: await getSchedule(tx, scope, id) },
      );
    }
    const set: Partial<typeof assessmentSchedules.$inferInsert> = {};
    if (input.ownerId !== undefined) set.ownerId = input.ownerId;
    if (input.reinviteRespondents !== undefined)
      set.reinviteRespondents = input.reinviteRespondents;
    if (input.useNewestVersion !== undefined) set.useNewestVersion = input.useNewestVersion;
    if (input.scope !== undefined || input.targets !== undefined) {
      const fw = await usableFramework(tx, scope.accountId, s.frameworkId);
      const checked = await checkedScope(
        tx,
        s.frameworkId,
        fw.latest,
        input.scope ?? s.scope,
        input.targets ?? s.targets,
      );
      set.scope = checked.assessmentScope;
      set.targets = checked.targets;
    }
    const cadence = input.cadence ?? s.cadence;
    const timing = {
      cadence,
      everyMonths:
        cadence === 'every_n_months' ? (input.everyMonths ?? s.everyMonths ?? null) : null,
      anchorDueDate: input.anchorDueDate ?? s.anchorDueDate,
      leadDays: input.leadDays ?? s.leadDays,
    };
    if (timing.cadence === 'every_n_months' && timing.everyMonths === null) {
      throw new AppError('common.validation', 400, 'Say every how many months.', {
        everyMonths: 'Say every how many months.',
      });
    }
    Object.assign(set, timing);
    if (s.status === 'active') {
      // The next period follows the new timing (a period created already is never created
      // twice: its run is kept, schedules.run.ts).
      const next = firstFrom(timing, now);
      set.nextDueDate = next.dueDate;
      set.nextCreateOn = next.createOn;
    }
    const [row] = await tx
      .update(assessmentSchedules)
      .set({ ...set, revision: sql`${assessmentSchedules.revision} + 1`, updatedAt: now })
      .where(eq(assessmentSchedules.id, id))
      .returning();
    await recordAudit(tx, scope, {
      action: 'schedules.updated',
      targetType: 'schedule',
      targetId: id,
      data: {
        ...(await auditData(tx, row!)),
        fields: Object.keys(input).filter((k) => k !== 'baseRevision'),
      },
    });
  });
  return getSchedule(db, scope, id);
}

const MOVES = {
  pause: {
    from: ['active'],
    to: 'paused',
    action: 'schedules.paused',
    refusal: 'Only an active schedule can be paused.',
  },
  resume: {
    from: ['paused'],
    to: 'active',
    action: 'schedules.resumed',
    refusal: 'Only a paused schedule can be resumed.',
  },
  end: {
    from: ['active', 'paused'],
    to: 'ended',
    action: 'schedules.ended',
    refusal: 'This schedule has ended already.',
  },
} as const satisfies Record<
  string,
  { from: ScheduleStatus[]; to: ScheduleStatus; action: AuditAction; refusal: string }
>;

/** Pause, resume (its next period from today on) or end (read-only from then on). */
export async function moveSchedule(
  db: Database,
  scope: ScheduleActor,
  id: string,
  move: keyof typeof MOVES,
  now = new Date(),
): Promise<Schedule> {
  const m = MOVES[move];
  await db.transaction(async (tx) => {
    const s = await lockSchedule(tx, scope, id);
    if (!(m.from as readonly ScheduleStatus[]).includes(s.status)) {
      throw new AppError(SCHEDULE_ERROR_CODES.invalidTransition, 409, m.refusal, undefined, {
        status: s.status,
      });
    }
    const next = m.to === 'active' ? firstFrom(s, now) : null;
    const [row] = await tx
      .update(assessmentSchedules)
      .set({
        status: m.to,
        ...(m.to === 'active'
          ? { nextDueDate: next!.dueDate, nextCreateOn: next!.createOn }
          : m.to === 'ended'
            ? { nextDueDate: null, nextCreateOn: null, endedAt: now }
            : {}),
        revision: sql`${assessmentSchedules.revision} + 1`,
        updatedAt: now,
      })
      .where(eq(assessmentSchedules.id, id))
      .returning();
    await audit(tx, scope, m.action, row!);
  });
  return getSchedule(db, scope, id);
}
