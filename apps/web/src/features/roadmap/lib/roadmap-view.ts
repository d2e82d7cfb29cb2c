import {
  ROADMAP_STATUSES,
  ROADMAP_VIEWS,
  type RoadmapItem,
  type RoadmapStatus,
  type RoadmapView,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/** What the roadmap screen shows, kept in the URL (`?view=top&status=planned&tag=ui&item=…`). */
export interface RoadmapFilters {
  view: RoadmapView;
  status: RoadmapStatus | null;
  tag: string | null;
}

const isView = (v: string | null): v is RoadmapView =>
  v !== null && (ROADMAP_VIEWS as readonly string[]).includes(v);
const isStatus = (v: string | null): v is RoadmapStatus =>
  v !== null && (ROADMAP_STATUSES as readonly string[]).includes(v);

/** The filters of a URL's query; anything unknown falls back to trending, every status. */
export function readFilters(params: URLSearchParams): RoadmapFilters {
  const view = params.get('view');
  const status = params.get('status');
  const tag = params.get('tag')?.trim().toLowerCase();
  return {
    view: isView(view) ? view : 'trending',
    status: isStatus(status) ? status : null,
    tag: tag ? tag : null,
  };
}

/** The query with `change` applied; defaults are left out so the plain URL stays short. */
export function writeFilters(
  params: URLSearchParams,
  change: Partial<RoadmapFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const f = { ...readFilters(params), ...change };
  const set = (k: string, v: string | null, dflt: string | null = null) =>
    v === null || v === dflt ? next.delete(k) : next.set(k, v);
  set('view', f.view, 'trending');
  set('status', f.status);
  set('tag', f.tag);
  return next;
}

/** The columns of the board, in order; declined items show only when asked for. */
export const BOARD_COLUMNS: readonly RoadmapStatus[] = [
  'under_review',
  'planned',
  'in_progress',
  'done',
];

/** Items grouped by status for the board (each column keeps the order it was given). */
export function byStatus(items: readonly RoadmapItem[]): Record<RoadmapStatus, RoadmapItem[]> {
  const groups = Object.fromEntries(
    ROADMAP_STATUSES.map((s) => [s, [] as RoadmapItem[]]),
  ) as Record<RoadmapStatus, RoadmapItem[]>;
  for (const item of items) groups[item.status].push(item);
  return groups;
}

export const STATUS_COLORS: Record<RoadmapStatus, string> = {
  under_review: 'gray',
  planned: 'blue',
  in_progress: 'yellow',
  done: 'green',
  declined: 'red',
};

/** "1 vote", "3 votes". */
export const votesLabel = (n: number) => t('item.votes', { count: n });
/** "1 comment", "3 comments". */
export const commentsLabel = (n: number) => t('item.comments', { count: n });
