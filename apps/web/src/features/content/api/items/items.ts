import { ArticleSchema, PlaybookSchema } from '@tenantry/shared';
import type { z } from 'zod';
import type { ItemKind, ItemOf } from '../../lib/items.ts';

/** The answer's schema for one item of a kind. */
export const ITEM_SCHEMAS: { [K in ItemKind]: z.ZodType<ItemOf[K]> } = {
  playbooks: PlaybookSchema,
  articles: ArticleSchema,
};

/** `/api/v1/content/{kind}`, `/api/v1/content/{kind}/{id}` or `…/{id}/{action}`. */
export function itemPath(kind: ItemKind, id?: string, action?: string): string {
  const base = `/api/v1/content/${kind}`;
  if (id === undefined) return base;
  return `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}
