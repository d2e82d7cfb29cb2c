import {
  defaultTenantOrder,
  TENANT_LIMITS,
  type SortOrder,
  type TenantListQueryInput,
  type TenantSort,
} from '@tenantry/shared';

/** The list's filters as the screen holds them (before debouncing and trimming). */
export interface TenantListControls {
  search: string;
  tag: string | null;
  sort: TenantSort;
  order: SortOrder;
  showArchived: boolean;
}

export const DEFAULT_CONTROLS: TenantListControls = {
  search: '',
  tag: null,
  sort: 'name',
  order: 'asc',
  showArchived: false,
};

/** Sort menu entries: a sort and its order in one choice. */
export const SORT_CHOICES = [
  { value: 'name:asc', labelKey: 'sort.nameAsc' },
  { value: 'name:desc', labelKey: 'sort.nameDesc' },
  { value: 'updated:desc', labelKey: 'sort.updatedDesc' },
  { value: 'updated:asc', labelKey: 'sort.updatedAsc' },
  { value: 'created:desc', labelKey: 'sort.createdDesc' },
  { value: 'created:asc', labelKey: 'sort.createdAsc' },
  { value: 'due:asc', labelKey: 'sort.dueAsc' },
] as const;

export function parseSortChoice(value: string | null): { sort: TenantSort; order: SortOrder } {
  const [sort, order] = (value ?? '').split(':');
  if (sort === 'name' || sort === 'created' || sort === 'updated' || sort === 'due') {
    return { sort, order: order === 'asc' || order === 'desc' ? order : defaultTenantOrder(sort) };
  }
  return { sort: 'name', order: 'asc' };
}

/** The API query for the controls: empty search and tag are left out. */
export function toListQuery(c: TenantListControls): Omit<TenantListQueryInput, 'cursor'> {
  const q = c.search.trim().slice(0, TENANT_LIMITS.q);
  const tag = c.tag?.trim().toLowerCase();
  return {
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
    status: c.showArchived ? 'all' : 'active',
    sort: c.sort,
    order: c.order,
    limit: TENANT_LIMITS.pageDefault,
  };
}

/** URL search string of a list query and the cursor of the page wanted. */
export function tenantListSearch(
  query: Omit<TenantListQueryInput, 'cursor'>,
  cursor: string | null,
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The CSV download of every tenant matching the list's filters (no paging). */
export function tenantCsvHref(query: Omit<TenantListQueryInput, 'cursor'>): string {
  const { limit: _limit, ...filters } = query;
  return `/api/v1/tenants.csv?${tenantListSearch(filters, null)}`;
}
