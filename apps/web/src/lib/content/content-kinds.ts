import { ArticleSchema, PlaybookSchema, type Article, type Playbook } from '@tenantry/shared';
import type { z } from 'zod';

/** Playbooks and articles: authored the same way (scope, key, title, a revision, publish). */
export type ItemKind = 'playbooks' | 'articles';
/** Every kind of content: what authors write and explore lists. */
export type ContentKind = 'frameworks' | ItemKind;

export interface ItemOf {
  playbooks: Playbook;
  articles: Article;
}

/** The answer's schema for one item of a kind (authoring and library answer the same shape). */
export const ITEM_SCHEMAS: { [K in ItemKind]: z.ZodType<ItemOf[K]> } = {
  playbooks: PlaybookSchema,
  articles: ArticleSchema,
};
