import { TASK_STATUSES, type TaskListQueryInput, type TaskStatus } from '@tenantry/shared';

/** One status, or `open` for to do and in progress. */
export type StatusFilter = TaskStatus | 'open';
export const STATUS_FILTERS: readonly StatusFilter[] = ['open', ...TASK_STATUSES];

/** What the tab shows, kept in the URL's search params (`status`, `assignee`, `overdue`). */
export interface TaskFilters {
  status: StatusFilter | null;
  /** A member's id, `me`, or `none` for unassigned tasks. */
  assignee: string | null;
  overdue: boolean;
}

export const NO_FILTERS: TaskFilters = { status: null, assignee: null, overdue: false };

/** Board or list (`?view=list`; the board is the default). */
export type TaskView = 'board' | 'list';

const ID = /^[\w.-]{1,100}$/;

export function readFilters(params: URLSearchParams): TaskFilters {
  const status = params.get('status');
  const assignee = params.get('assignee');
  return {
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as StatusFilter)
      : null,
    assignee: assignee && ID.test(assignee) ? assignee : null,
    overdue: params.get('overdue') === 'true',
  };
}

export function readView(params: URLSearchParams): TaskView {
  return params.get('view') === 'list' ? 'list' : 'board';
}

export function hasFilters(f: TaskFilters): boolean {
  return f.status !== null || f.assignee !== null || f.overdue;
}

/** The list request's query for these filters (nothing for what is not filtered). */
export function toListQuery(f: TaskFilters): Record<string, string> {
  const q: TaskListQueryInput = {};
  if (f.status) q.status = f.status;
  if (f.assignee) q.assignee = f.assignee;
  if (f.overdue) q.overdue = 'true';
  return q as Record<string, string>;
}

/** The search params with these changes; defaults are left out of the URL. */
export function writeParams(
  params: URLSearchParams,
  patch: Partial<TaskFilters> & { view?: TaskView; task?: string | null },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if ('status' in patch) set('status', patch.status ?? null);
  if ('assignee' in patch) set('assignee', patch.assignee ?? null);
  if ('overdue' in patch) set('overdue', patch.overdue ? 'true' : null);
  if ('view' in patch) set('view', patch.view === 'list' ? 'list' : null);
  if ('task' in patch) set('task', patch.task ?? null);
  return next;
}
