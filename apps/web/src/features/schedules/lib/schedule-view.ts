import {
  occurrencesFrom,
  SCHEDULE_LIMITS,
  type Schedule,
  type ScheduleCadence,
} from '@tenantry/shared';
import { scheduleCadenceLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

/** "Quarterly", "Every 5 months". */
export function cadenceText(cadence: ScheduleCadence, everyMonths: number | null): string {
  return cadence === 'every_n_months'
    ? t('cadence.everyMonths', { count: everyMonths ?? 1, n: String(everyMonths ?? 1) })
    : scheduleCadenceLabel(cadence);
}

/** Who the schedule is for: "Acme", or "Tenants tagged “finance” (3 now)". */
export function targetText(s: Pick<Schedule, 'tenant' | 'tag' | 'tenantCount'>): string {
  if (s.tenant) return s.tenant.name;
  return t('target.tag', { tag: s.tag ?? '', count: String(s.tenantCount) });
}

export const STATUS_COLORS = { active: 'green', paused: 'yellow', ended: 'gray' } as const;

/** A day as the screens show it: "31 Mar 2027" (UTC: the schedule's days are UTC days). */
export function dayText(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The next dates a form's timing gives (shown while it is filled in); [] while incomplete. */
export function previewDates(
  v: {
    cadence: ScheduleCadence;
    everyMonths: number | '';
    anchorDueDate: string;
    leadDays: number | '';
  },
  today = new Date().toISOString().slice(0, 10),
) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.anchorDueDate) || v.leadDays === '') return [];
  if (v.cadence === 'every_n_months' && (v.everyMonths === '' || v.everyMonths < 1)) return [];
  return occurrencesFrom(
    {
      anchorDueDate: v.anchorDueDate,
      cadence: v.cadence,
      everyMonths: v.everyMonths === '' ? null : v.everyMonths,
      leadDays: v.leadDays,
    },
    today,
    SCHEDULE_LIMITS.nextDates,
  );
}
