import {
  defaultPortfolioOrder,
  PORTFOLIO_LIMITS,
  PORTFOLIO_SORTS,
  type PortfolioQueryInput,
  type PortfolioSort,
  type PostureSection,
  type SortOrder,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/**
 * The portfolio view's state, kept in the page's URL (`?view=posture&sort=section&section=…`):
 * a saved view is the link. Anything unknown in the URL is left out, never an error.
 */
export interface PortfolioView {
  q: string;
  tag: string;
  framework: string;
  /** The section sorted by or filtered below target (a top-level section key). */
  section: string;
  belowTarget: boolean;
  overdue: boolean;
  sort: PortfolioSort;
  order: SortOrder;
  page: number;
}

export const PAGE_SIZE = PORTFOLIO_LIMITS.pageDefault;

const isSort = (v: string | null): v is PortfolioSort =>
  (PORTFOLIO_SORTS as readonly string[]).includes(v ?? '');

export function readPortfolioView(params: URLSearchParams): PortfolioView {
  const sortParam = params.get('sort');
  const section = params.get('section') ?? '';
  const sort = isSort(sortParam) && (sortParam !== 'section' || section) ? sortParam : 'name';
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    framework: params.get('framework') ?? '',
    section,
    belowTarget: params.get('belowTarget') === 'true',
    overdue: params.get('overdue') === 'true',
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultPortfolioOrder(sort),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a view (defaults left out), with `view=posture`. */
export function writePortfolioView(v: PortfolioView): URLSearchParams {
  const p = new URLSearchParams({ view: 'posture' });
  if (v.q.trim()) p.set('q', v.q);
  if (v.tag.trim()) p.set('tag', v.tag);
  if (v.framework) p.set('framework', v.framework);
  if (v.section) p.set('section', v.section);
  if (v.belowTarget) p.set('belowTarget', 'true');
  if (v.overdue) p.set('overdue', 'true');
  if (v.sort !== 'name') p.set('sort', v.sort);
  if (v.order !== defaultPortfolioOrder(v.sort)) p.set('order', v.order);
  if (v.page > 1) p.set('page', String(v.page));
  return p;
}

/** The API query of a view (the CSV's without limit and offset). */
export function toPortfolioQuery(v: PortfolioView): PortfolioQueryInput {
  const tag = v.tag.trim().toLowerCase();
  const q = v.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
    ...(v.framework ? { framework: v.framework } : {}),
    ...(v.section ? { section: v.section } : {}),
    ...(v.belowTarget ? { belowTarget: 'true' as const } : {}),
    ...(v.overdue ? { overdue: 'true' as const } : {}),
    sort: v.sort,
    order: v.order,
    limit: PAGE_SIZE,
    offset: (v.page - 1) * PAGE_SIZE,
  };
}

export function portfolioSearch(query: PortfolioQueryInput): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

export function portfolioCsvHref(v: PortfolioView): string {
  const { limit: _limit, offset: _offset, ...query } = toPortfolioQuery(v);
  return `/api/v1/tenants/portfolio.csv?${portfolioSearch(query)}`;
}

/** Clicking a column header: the same column flips its order, another starts at its default. */
export function sortBy(v: PortfolioView, sort: PortfolioSort, section = ''): PortfolioView {
  const same = v.sort === sort && (sort !== 'section' || v.section === section);
  const order = same ? (v.order === 'asc' ? 'desc' : 'asc') : defaultPortfolioOrder(sort);
  return { ...v, sort, order, page: 1, ...(sort === 'section' ? { section } : {}) };
}

export type CellState = 'below' | 'met' | 'no-target' | 'no-score';

/**
 * A section cell against its target: the colour and the words that say the same (a cell is
 * never told by colour alone).
 */
export function sectionCell(s: PostureSection | undefined): {
  state: CellState;
  text: string;
  sign: string;
  label: string;
} {
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  if (!s || s.score === null) {
    return { state: 'no-score', text: '—', sign: '', label: t('cell.noScore') };
  }
  if (s.target === null) {
    return {
      state: 'no-target',
      text: pct(s.score),
      sign: '',
      label: t('cell.noTarget', { score: pct(s.score) }),
    };
  }
  if (s.score < s.target) {
    return {
      state: 'below',
      text: pct(s.score),
      sign: '▼',
      label: t('cell.below', { score: pct(s.score), target: pct(s.target) }),
    };
  }
  return {
    state: 'met',
    text: pct(s.score),
    sign: '✓',
    label: t('cell.met', { score: pct(s.score), target: pct(s.target) }),
  };
}

/** A change since the baseline in points: "+12 pts", "−3 pts", "±0 pts", or "—". */
export function formatTrend(delta: number | null): string {
  if (delta === null) return '—';
  const pts = Math.round(100 * delta);
  if (pts === 0) return t('trend.zero');
  return pts > 0 ? t('trend.up', { pts }) : t('trend.down', { pts: -pts });
}
