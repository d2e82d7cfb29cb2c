import type { ContentScope } from '@tenantry/shared';

/** The filters of a content list, authoring and explore alike. */
export interface ContentFilters {
  /** The search text. */
  q: string;
  /** Global or private only; null for both. */
  scope: ContentScope | null;
  tag: string;
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
