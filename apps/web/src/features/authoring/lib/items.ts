import type { ArticleSummary, PlaybookSummary, SaveArticle, SavePlaybook } from '@tenantry/shared';
import type { ItemKind } from '#web/lib/content/content-kinds.ts';
import { t } from '../messages.ts';

export interface ItemSummaryOf {
  playbooks: PlaybookSummary;
  articles: ArticleSummary;
}
export interface SaveItemOf {
  playbooks: SavePlaybook;
  articles: SaveArticle;
}

/** What the screens say about a kind of item (its sentences are in the catalogue, by kind). */
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
  /** Why a delete was refused with 409 content.in_use, if the kind can be in use. */
  inUse?: string;
}

export const itemTexts = (kind: ItemKind): ItemTexts =>
  kind === 'playbooks'
    ? {
        one: t('kind.playbooks.one'),
        One: t('kind.playbooks.One'),
        many: t('kind.playbooks.many'),
        Many: t('kind.playbooks.Many'),
        empty: t('kind.playbooks.empty'),
        tagPlaceholder: t('kind.playbooks.tagPlaceholder'),
        summaryHint: t('kind.playbooks.summaryHint'),
        inUse: t('kind.playbooks.inUse'),
      }
    : {
        one: t('kind.articles.one'),
        One: t('kind.articles.One'),
        many: t('kind.articles.many'),
        Many: t('kind.articles.Many'),
        empty: t('kind.articles.empty'),
        tagPlaceholder: t('kind.articles.tagPlaceholder'),
        summaryHint: t('kind.articles.summaryHint'),
      };
