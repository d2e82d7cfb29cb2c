import type { ContentScope } from '@tenantry/shared';
import type { ContentFilters } from '#web/lib/content/content-query.ts';

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
