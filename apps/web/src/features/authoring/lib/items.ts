import type { ArticleSummary, PlaybookSummary, SaveArticle, SavePlaybook } from '@tenantry/shared';
import type { ItemKind } from '#web/lib/content/content-kinds.ts';

export interface ItemSummaryOf {
  playbooks: PlaybookSummary;
  articles: ArticleSummary;
}
export interface SaveItemOf {
  playbooks: SavePlaybook;
  articles: SaveArticle;
}

/** What the screens say about a kind of item. */
export interface ItemTexts {
  one: string;
  One: string;
  many: string;
  Many: string;
  /** The list before the first item is written. */
  empty: string;
  tagPlaceholder: string;
  /** The summary field's description. */
  summaryHint: string;
  /** What deleting one does. */
  deleted: string;
  /** Why a delete was refused with 409 content.in_use, if the kind can be in use. */
  inUse?: string;
}

export const ITEM_TEXTS: Record<ItemKind, ItemTexts> = {
  playbooks: {
    one: 'playbook',
    One: 'Playbook',
    many: 'playbooks',
    Many: 'Playbooks',
    empty:
      'A playbook is an ordered list of steps your team follows to close a gap an assessment found. Write the first one.',
    tagPlaceholder: 'e.g. patching',
    summaryHint: 'One or two sentences: the gap it closes and the outcome.',
    deleted: 'The playbook and its steps are deleted.',
    inUse:
      'Framework questions link to this playbook, so it cannot be deleted. Remove those links first, or unpublish it.',
  },
  articles: {
    one: 'article',
    One: 'Article',
    many: 'articles',
    Many: 'Articles',
    empty:
      'Articles are guides for your team and your clients: how to run an assessment, how to close a common gap. Write the first one.',
    tagPlaceholder: 'e.g. guide',
    summaryHint: 'Shown in lists and search results.',
    deleted: 'The article is deleted.',
  },
};
