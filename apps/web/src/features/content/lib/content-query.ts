import type { ContentScope } from '@tenantry/shared';

/** The filters of a content list, authoring and explore alike. */
export interface ContentFilters {
  /** The search text. */
  q: string;
  /** Global or private only; null for both. */
  scope: ContentScope | null;
  tag: string;
}

/** What the explore tabs keep in the URL's query: `?q=&scope=&tag=&item=&node=`. */
export interface LibraryQuery extends ContentFilters {
  /** The id of the item being read (its preview replaces the results). */
  item: string | null;
  /** In a framework: the key of the section or question to show (a search match). */
  node: string | null;
}

const SCOPES: readonly string[] = ['global', 'private'];

export function readLibraryQuery(params: URLSearchParams): LibraryQuery {
  const scope = params.get('scope');
  return {
    q: params.get('q') ?? '',
    scope: scope && SCOPES.includes(scope) ? (scope as ContentScope) : null,
    tag: params.get('tag') ?? '',
    item: params.get('item') || null,
    node: params.get('node') || null,
  };
}

/** The query string for `query` (empty parts left out), e.g. `q=GV.OC&scope=global`. */
export function writeLibraryQuery(query: Partial<LibraryQuery>): string {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q);
  if (query.scope) params.set('scope', query.scope);
  if (query.tag?.trim()) params.set('tag', query.tag.trim());
  if (query.item) params.set('item', query.item);
  if (query.node) params.set('node', query.node);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The list request's parameters: trimmed search, lower-cased tag. */
export function listParams(query: ContentFilters, offset = 0, limit = 30) {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (query.q.trim()) params.set('q', query.q.trim().slice(0, 200));
  if (query.scope) params.set('scope', query.scope);
  if (query.tag.trim()) params.set('tag', query.tag.trim().toLowerCase());
  return params;
}

/** The offset of the next page of a list, or undefined when every item is loaded. */
export function nextOffset(
  last: { total: number; items: unknown[] },
  pages: { items: unknown[] }[],
) {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? loaded : undefined;
}
