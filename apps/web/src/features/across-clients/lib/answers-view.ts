import type { QuestionAnswers, QuestionTasksResult } from '@tenantry/shared';
import { t } from '../messages.ts';

/** "3 of 12 clients answered · 1 has not · 2 fail". */
export function countsLine(c: QuestionAnswers['counts']): string {
  const values = {
    answered: c.answered,
    clients: c.clients,
    notAnswered: c.notAnswered,
    failing: c.failing,
  };
  return c.notAnswered > 0 ? t('counts.someNotYet', values) : t('counts.all', values);
}

/** "Created 2 tasks, 1 skipped (already open)". */
export function tasksSummary(r: Pick<QuestionTasksResult, 'created' | 'skipped'>): string {
  if (r.created === 0) return t('tasks.none');
  return r.skipped > 0
    ? t('tasks.createdSkipped', { created: r.created, skipped: r.skipped })
    : t('tasks.created', { created: r.created });
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
