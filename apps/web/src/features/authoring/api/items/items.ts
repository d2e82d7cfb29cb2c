import type { ItemKind } from '#web/lib/content/content-kinds.ts';

/** `/api/v1/content/{kind}`, `/api/v1/content/{kind}/{id}` or `…/{id}/{action}`. */
export function itemPath(kind: ItemKind, id?: string, action?: string): string {
  const base = `/api/v1/content/${kind}`;
  if (id === undefined) return base;
  return `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}
