import {
  LEFT_OUT_LABELS,
  TASK_STATUS_LABELS,
  formatScore,
  type AssessmentResults,
  type ResultsGap,
} from '@tenantry/shared';
import { formatCalendarDay } from '#web/lib/format.ts';

/** A change in percentage points: "+12 pts", "−5 pts", "±0 pts"; "—" without one. */
export function formatPoints(delta: number | null): string {
  if (delta === null) return '—';
  const pts = Math.round(100 * delta);
  if (pts === 0) return '±0 pts';
  return `${pts > 0 ? '+' : '−'}${Math.abs(pts)} pts`;
}

/** A section's standing against its target: "Met", "12 pts below", or "—". */
export function gapLabel(gap: number | null): string {
  if (gap === null) return '—';
  return gap === 0 ? 'Met' : `${Math.round(100 * gap)} pts below`;
}

/** The plain counts under the score, each said once. */
export function countLines(c: AssessmentResults['counts']): { label: string; value: number }[] {
  return [
    { label: 'Questions', value: c.total },
    { label: 'Answered', value: c.answered },
    { label: 'Not applicable', value: c.na },
    { label: 'Unanswered', value: c.unanswered },
    { label: 'Answered, not scored', value: c.notScored },
    { label: 'Gaps', value: c.gaps },
  ];
}

/** What the gap's task says: "No task yet" or "To do, due Dec 1, 2026". */
export function taskLabel(task: ResultsGap['task']): string {
  if (!task) return 'No task yet';
  const status = TASK_STATUS_LABELS[task.status];
  return task.dueDate ? `${status}, due ${formatCalendarDay(task.dueDate)}` : status;
}

/** The sentence on the baseline: what it is to this assessment, and the change. */
export function baselineSentence(b: AssessmentResults['baseline']): string {
  switch (b.kind) {
    case 'none':
      return 'No baseline is marked for this client tenant yet.';
    case 'this':
      return 'This assessment is the client tenant’s baseline.';
    case 'other_framework':
      return `The baseline (“${b.assessment?.name ?? ''}”) is another framework: nothing to compare.`;
    case 'not_started':
      return 'The assessment has not started: it is compared with the baseline once answered.';
    case 'compared': {
      const left = b.leftOut.length
        ? ` Left out: ${b.leftOut.map((x) => `${x.title} — ${LEFT_OUT_LABELS[x.reason]}`).join('; ')}.`
        : '';
      return `${formatPoints(b.delta)} since the baseline “${b.assessment?.name ?? ''}” (${formatScore(b.assessment?.score ?? null)}).${left}`;
    }
  }
}
