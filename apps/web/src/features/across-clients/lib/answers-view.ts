import type { QuestionAnswers, QuestionTasksResult } from '@tenantry/shared';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 of 12 clients answered · 1 has not · 2 fail". */
export function countsLine(c: QuestionAnswers['counts']): string {
  return [
    `${c.answered} of ${plural(c.clients, 'client')} answered`,
    c.notAnswered > 0 ? `${c.notAnswered} not yet` : null,
    `${c.failing} failing`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Created 2 tasks, 1 skipped (already open)". */
export function tasksSummary(r: Pick<QuestionTasksResult, 'created' | 'skipped'>): string {
  if (r.created === 0) return 'No task created: every failing client already has an open task.';
  const made = `Created ${plural(r.created, 'task')}`;
  return r.skipped > 0 ? `${made}, ${r.skipped} skipped (already open)` : made;
}

/** "15 Jan 2026" in UTC, as the answers were given. */
export function answeredOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
