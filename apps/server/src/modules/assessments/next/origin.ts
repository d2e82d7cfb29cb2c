/**
 * Where an assessment came from (docs/scheduling.md), for its screen: the assessment it was
 * started from, and the schedule whose run created it.
 */
import type { AssessmentOrigin } from '@tenantry/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { assessments } from '../../../db/schema/assessments.ts';
import { assessmentSchedules, scheduleRuns } from '../../../db/schema/schedules.ts';

type Db = Database | Tx;

/** Where an assessment came from: the one it was started from, and the schedule that did. */
export async function assessmentOrigin(
  db: Db,
  a: { id: string; accountId: string; previousAssessmentId: string | null },
): Promise<AssessmentOrigin> {
  const [previous, schedule] = await Promise.all([
    a.previousAssessmentId
      ? db
          .select({ id: assessments.id, name: assessments.name })
          .from(assessments)
          .where(
            and(eq(assessments.id, a.previousAssessmentId), eq(assessments.accountId, a.accountId)),
          )
      : Promise.resolve([]),
    db
      .select({ id: assessmentSchedules.id, cadence: assessmentSchedules.cadence })
      .from(scheduleRuns)
      .innerJoin(assessmentSchedules, eq(assessmentSchedules.id, scheduleRuns.scheduleId))
      .where(and(eq(scheduleRuns.assessmentId, a.id), eq(scheduleRuns.accountId, a.accountId)))
      .orderBy(desc(scheduleRuns.createdAt))
      .limit(1),
  ]);
  return { previous: previous[0] ?? null, schedule: schedule[0] ?? null };
}
