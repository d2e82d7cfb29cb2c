/**
 * Assessments of the demo tenants, so a newcomer sees scores, a baseline and its deltas at
 * once: per tenant, a completed assessment of a shipped framework three months old (marked as
 * the baseline) and a newer one, better on the whole, in progress or completed. The answers go
 * through the one write path like anyone's (assessments/answers/write.ts), so every score is real.
 */
import type { AnswerInput, FrameworkDocument, Question } from '@tenantry/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { frameworks } from '../../db/schema/content.ts';
import { writeAnswer } from '../assessments/answers/write.ts';
import { refreshTenantRollup } from '../assessments/assessments.rollup.ts';
import { createAssessment, transitionAssessment } from '../assessments/assessments.service.ts';
import { setBaseline } from '../baseline/baseline.service.ts';
import { createGapTasks } from '../remediation/gap-tasks.service.ts';
import { updateTask } from '../remediation/tasks.service.ts';

export interface DemoAssessmentPlan {
  /** The shipped framework's key (apps/server/library/frameworks). */
  framework: string;
  /** Share of the questions the follow-up has answered (1: all, then it is completed). */
  followUp: number;
}

/** A number in [0, 1) from a text: the same answers on every machine. */
function unit(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/**
 * An answer to `q` at maturity `level` in [0, 1] (higher is better), varied by the key so the
 * sections differ.
 */
export function demoAnswer(q: Question, level: number, salt: string): AnswerInput {
  const r = Math.min(0.999, Math.max(0, level + (unit(q.key + salt) - 0.5) * 0.5));
  switch (q.type) {
    case 'yes_no':
      return { value: r > 0.66 ? 'yes' : r > 0.33 ? 'partial' : 'no' };
    case 'maturity':
      return { value: Math.round(r * 5) };
    case 'single_choice': {
      const sorted = [...q.options].sort((a, b) => a.score - b.score);
      return { value: sorted[Math.floor(r * sorted.length)]!.key };
    }
    case 'multiple_choice': {
      const n = Math.max(1, Math.ceil(r * q.options.length));
      return { value: q.options.slice(0, n).map((o) => o.key) };
    }
    case 'number': {
      const band = q.bands[Math.floor(r * q.bands.length)];
      return { value: band ? band.min + 1 : 0 };
    }
    case 'text':
      return { value: 'Described in the client’s own words during the workshop.' };
  }
}

function questionsOf(doc: FrameworkDocument): Question[] {
  const out: Question[] = [];
  const walk = (sections: FrameworkDocument['sections']) => {
    for (const s of sections) {
      out.push(...s.questions);
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

const DAY = 86_400_000;

/**
 * Seeds the plan's two assessments on one tenant (nothing when the shipped framework is not
 * loaded). `scope` is the demo owner on that tenant.
 */
export async function seedDemoAssessments(
  db: Database,
  scope: TenantContext & { name: string },
  plan: DemoAssessmentPlan,
): Promise<void> {
  const [fw] = await db
    .select({ id: frameworks.id, version: frameworks.latestVersion, name: frameworks.name })
    .from(frameworks)
    .where(and(eq(frameworks.key, plan.framework), isNull(frameworks.accountId)));
  if (!fw?.version) return;
  const start = (name: string) =>
    createAssessment(db, scope, {
      frameworkId: fw.id,
      version: fw.version!,
      name,
      scope: { sections: null, tags: null },
    });
  const writer = { source: 'member' as const, userId: scope.userId, name: scope.name };
  const answerAll = async (id: string, questions: Question[], level: number, salt: string) => {
    const ref = { accountId: scope.accountId, tenantId: scope.tenantId, assessmentId: id };
    for (const q of questions)
      await writeAnswer(db, ref, writer, q.key, demoAnswer(q, level, salt));
  };

  const first = await start(`${fw.name} – initial review`);
  const questions = questionsOf(first.document);
  await answerAll(first.id, questions, 0.35, 'first');
  const completed = await transitionAssessment(db, scope, first.id, 'complete');
  // Three months ago, as a first review would be.
  const then = new Date(Date.now() - 91 * DAY);
  await db
    .update(assessments)
    .set({
      createdAt: new Date(then.getTime() - 14 * DAY),
      completedAt: then,
      updatedAt: then,
      lastAnswerAt: then,
      statusHistory: completed.statusHistory.map((c) => ({ ...c, at: then.toISOString() })),
    })
    .where(eq(assessments.id, first.id));
  await refreshTenantRollup(db, scope);
  await setBaseline(db, scope, first.id);
  await seedDemoTasks(db, scope, first.id);

  const second = await start(`${fw.name} – follow-up`);
  const answered = questions.filter((q) => unit(q.key + 'asked') < plan.followUp);
  await answerAll(second.id, plan.followUp >= 1 ? questions : answered, 0.6, 'second');
  if (plan.followUp >= 1) await transitionAssessment(db, scope, second.id, 'complete');
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Remediation of the baseline's gaps, as a provider would have it two months on: a task per
 * gap (playbook checklists included), most to do or in progress with due dates from three
 * weeks ago to two months ahead (so some are overdue), some done, one risk accepted.
 */
async function seedDemoTasks(
  db: Database,
  scope: TenantContext & { name: string },
  baselineId: string,
): Promise<void> {
  const { items } = await createGapTasks(db, scope, baselineId, {
    assigneeId: scope.userId,
    dueDate: null,
  });
  const now = Date.now();
  for (const [i, task] of items.entries()) {
    const dueDate = dayOf(now + ((i % 12) - 3) * 7 * DAY);
    if (i === 3) {
      await updateTask(db, scope, task.id, {
        status: 'risk_accepted',
        riskReason:
          'The client replaces this system next quarter; the cost of a fix now is not justified.',
        riskReviewDate: dayOf(now + 90 * DAY),
      });
    } else if (i % 4 === 1) {
      await updateTask(db, scope, task.id, { status: 'done', dueDate });
    } else {
      await updateTask(db, scope, task.id, {
        dueDate,
        ...(i % 3 === 0 ? { status: 'in_progress' as const } : {}),
        ...(i % 5 === 0 ? { assigneeId: null } : {}),
      });
    }
  }
}
