import {
  REMEDIATION_LIMITS,
  TASK_STATUSES,
  isOpenTask,
  type ChecklistItem,
  type Task,
  type TaskList,
  type TaskPriority,
  type TaskStatus,
} from '@tenantry/shared';
import type { StatusFilter } from './task-filters.ts';

export const STATUS_COLORS: Record<TaskStatus, string> = {
  todo: 'gray',
  in_progress: 'blue',
  done: 'teal',
  risk_accepted: 'grape',
};

export const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

const PRIORITY_RANK: Record<TaskPriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Today as a UTC day, `YYYY-MM-DD`: the server's "overdue" is a due date before it. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A day `n` days after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** A calendar day (`YYYY-MM-DD`) as that same day wherever the reader is: "31 Dec 2026". */
export function formatDay(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(d);
}

export type DueTone = 'overdue' | 'soon' | 'later' | 'closed';

/**
 * A task's due date as shown: overdue (the server says so: open, the day has passed), due soon
 * (open, within REMEDIATION_LIMITS.dueSoonDays), later, or closed (done or risk accepted).
 */
export function dueView(
  task: Pick<Task, 'dueDate' | 'status' | 'overdue'>,
  today: string = todayUtc(),
): { label: string; tone: DueTone } | null {
  if (!task.dueDate) return null;
  const label = formatDay(task.dueDate);
  if (!isOpenTask(task.status)) return { label, tone: 'closed' };
  if (task.overdue) return { label, tone: 'overdue' };
  if (task.dueDate <= addDays(today, REMEDIATION_LIMITS.dueSoonDays))
    return { label, tone: 'soon' };
  return { label, tone: 'later' };
}

/** How much of a checklist is ticked. */
export function checklistProgress(items: readonly ChecklistItem[]): {
  done: number;
  total: number;
} {
  return { done: items.filter((i) => i.done).length, total: items.length };
}

/** "1 comment", "3 comments". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The board's columns for a status filter: all four, the two open ones, or the one chosen. */
export function boardColumns(status: StatusFilter | null): TaskStatus[] {
  if (status === null) return [...TASK_STATUSES];
  if (status === 'open') return ['todo', 'in_progress'];
  return [status];
}

/**
 * The tasks of each column. Open work reads as a queue (earliest due first, no date last, the
 * higher priority first on the same day); done and accepted tasks stay newest first.
 */
export function groupByStatus(items: readonly Task[]): Record<TaskStatus, Task[]> {
  const out = Object.fromEntries(TASK_STATUSES.map((s) => [s, [] as Task[]])) as Record<
    TaskStatus,
    Task[]
  >;
  for (const t of items) out[t.status].push(t);
  const queue = (a: Task, b: Task) =>
    (a.dueDate ?? '9999-99-99').localeCompare(b.dueDate ?? '9999-99-99') ||
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  out.todo.sort(queue);
  out.in_progress.sort(queue);
  return out;
}

/** The list with one task moved to a status (what the board shows before the server answers). */
export function withStatus(list: TaskList, taskId: string, status: TaskStatus): TaskList {
  const task = list.items.find((t) => t.id === taskId);
  if (!task || task.status === status) return list;
  const overdue = task.overdue && isOpenTask(status);
  return {
    ...list,
    items: list.items.map((t) => (t.id === taskId ? { ...t, status, overdue } : t)),
    counts: {
      ...list.counts,
      [task.status]: Math.max(0, list.counts[task.status] - 1),
      [status]: list.counts[status] + 1,
      overdue: list.counts.overdue - (task.overdue && !overdue ? 1 : 0),
    },
  };
}

/** All the tenant's tasks, whatever the filters. */
export function totalTasks(counts: TaskList['counts']): number {
  return TASK_STATUSES.reduce((n, s) => n + counts[s], 0);
}
