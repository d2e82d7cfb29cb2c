import {
  formatScore,
  type AssessmentResults,
  type LeftOutReason,
  type ResultsGap,
  type TaskStatus,
} from '@tenantry/shared';
import { formatCalendarDay } from '#web/lib/format.ts';
import { t } from '../messages.ts';

type Key = Parameters<typeof t>[0];

/** A task's status, as said here (the catalogue's keys). */
const TASK_STATUS_KEYS: Record<TaskStatus, Key> = {
  todo: 'task.status.todo',
  in_progress: 'task.status.inProgress',
  done: 'task.status.done',
  risk_accepted: 'task.status.riskAccepted',
};

/** Why a question is left out of the comparison with the baseline (the catalogue's keys). */
const LEFT_OUT_KEYS: Record<LeftOutReason, Key> = {
  no_score_baseline: 'leftOut.noScoreBaseline',
  no_score_latest: 'leftOut.noScoreLatest',
  added: 'leftOut.added',
  removed: 'leftOut.removed',
};

/** A change in percentage points: "+12 pts", "−5 pts", "±0 pts"; "—" without one. */
export function formatPoints(delta: number | null): string {
  if (delta === null) return '—';
  const pts = Math.round(100 * delta);
  if (pts === 0) return t('points.zero');
  return t(pts > 0 ? 'points.up' : 'points.down', { points: Math.abs(pts) });
}

/** A section's standing against its target: "Met", "12 pts below", or "—". */
export function gapLabel(gap: number | null): string {
  if (gap === null) return '—';
  return gap === 0 ? t('gap.met') : t('gap.below', { points: Math.round(100 * gap) });
}

/** The plain counts under the score, each said once. */
export function countLines(c: AssessmentResults['counts']): { label: string; value: number }[] {
  return [
    { label: t('counts.total'), value: c.total },
    { label: t('counts.answered'), value: c.answered },
    { label: t('counts.na'), value: c.na },
    { label: t('counts.unanswered'), value: c.unanswered },
    { label: t('counts.notScored'), value: c.notScored },
    { label: t('counts.gaps'), value: c.gaps },
  ];
}

/** What the gap's task says: "No task yet" or "To do, due Dec 1, 2026". */
export function taskLabel(task: ResultsGap['task']): string {
  if (!task) return t('task.none');
  const status = t(TASK_STATUS_KEYS[task.status]);
  return task.dueDate ? t('task.due', { status, date: formatCalendarDay(task.dueDate) }) : status;
}

/** The sentence on the baseline: what it is to this assessment, and the change. */
export function baselineSentence(b: AssessmentResults['baseline']): string {
  switch (b.kind) {
    case 'none':
      return t('baseline.none');
    case 'this':
      return t('baseline.this');
    case 'other_framework':
      return t('baseline.otherFramework', { name: b.assessment?.name ?? '' });
    case 'not_started':
      return t('baseline.notStarted');
    case 'compared': {
      const compared = t('baseline.compared', {
        delta: formatPoints(b.delta),
        name: b.assessment?.name ?? '',
        score: formatScore(b.assessment?.score ?? null),
      });
      if (!b.leftOut.length) return compared;
      const items = b.leftOut
        .map((x) =>
          t('baseline.leftOutItem', { title: x.title, reason: t(LEFT_OUT_KEYS[x.reason]) }),
        )
        .join('; ');
      return `${compared} ${t('baseline.leftOut', { items })}`;
    }
  }
}
