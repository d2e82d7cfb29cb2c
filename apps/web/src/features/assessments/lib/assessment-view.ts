import {
  type AssessmentStatus,
  type AssessmentSummary,
  type RespondentStatus,
} from '@tenantry/shared';
import { formatRelativeTime } from '#web/lib/format.ts';
import { t } from '../messages.ts';

export const STATUS_COLORS: Record<AssessmentStatus, string> = {
  draft: 'gray',
  in_progress: 'blue',
  completed: 'teal',
  reopened: 'orange',
};

const STATUS_LABELS = {
  draft: 'status.draft',
  in_progress: 'status.inProgress',
  completed: 'status.completed',
  reopened: 'status.reopened',
} as const satisfies Record<AssessmentStatus, string>;

export function statusLabel(status: AssessmentStatus): string {
  return t(STATUS_LABELS[status]);
}

/** The status moves open from a status (the server decides again). */
export function statusMoves(status: AssessmentStatus): {
  start: boolean;
  complete: boolean;
  reopen: boolean;
} {
  return {
    start: status === 'draft',
    complete: status === 'in_progress' || status === 'reopened',
    reopen: status === 'completed',
  };
}

/** Answers are locked once an assessment is completed (until it is reopened). */
export function isLocked(status: AssessmentStatus): boolean {
  return status === 'completed';
}

export const RESPONDENT_STATUS_LABELS: Record<RespondentStatus, string> = {
  get invited() {
    return t('respondent.status.invited');
  },
  get answering() {
    return t('respondent.status.answering');
  },
  get submitted() {
    return t('respondent.status.submitted');
  },
  get expired() {
    return t('respondent.status.expired');
  },
  get revoked() {
    return t('respondent.status.revoked');
  },
};

export const RESPONDENT_STATUS_COLORS: Record<RespondentStatus, string> = {
  invited: 'gray',
  answering: 'blue',
  submitted: 'teal',
  expired: 'orange',
  revoked: 'red',
};

const MINUTE = 60_000;

/** "just now" under a minute, then "5 minutes ago", "yesterday", or a date and time. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (!Number.isNaN(at) && now - at < MINUTE && now - at > -MINUTE) return t('time.justNow');
  return formatRelativeTime(iso, now);
}

/** "answered by Robin just now" (null before the first answer). */
export function lastAnswerText(
  lastAnswer: AssessmentSummary['lastAnswer'],
  now: number = Date.now(),
): string | null {
  if (!lastAnswer) return null;
  return t('list.lastAnswer', { who: lastAnswer.by, when: relativeTime(lastAnswer.at, now) });
}

/** "Updated just now by Robin" (null before the first answer). */
export function updatedText(
  lastAnswer: AssessmentSummary['lastAnswer'],
  now: number = Date.now(),
): string | null {
  if (!lastAnswer) return null;
  return t('header.updated', { who: lastAnswer.by, when: relativeTime(lastAnswer.at, now) });
}

/** "2 of 3 submitted", or null without respondents. */
export function respondentsText(r: AssessmentSummary['respondents']): string | null {
  if (r.total === 0) return null;
  return t('list.respondents', { submitted: r.submitted, total: r.total });
}

/** Today as `YYYY-MM-DD` in the reader's time zone. */
export function todayDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A due date as shown, and whether it has passed on an assessment still open. */
export function dueView(
  dueDate: string | null,
  status: AssessmentStatus,
  today: string = todayDate(),
): { label: string; overdue: boolean } | null {
  if (!dueDate) return null;
  return { label: formatDay(dueDate), overdue: status !== 'completed' && dueDate < today };
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** A calendar day (`YYYY-MM-DD`) as that same day wherever the reader is: "31 Dec 2026". */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(d);
}

/** Completion as a whole percentage for a progress bar (0 when nothing is in scope). */
export function completionPercent(completion: number | null): number {
  return completion === null ? 0 : Math.round(completion * 100);
}
