import type { Article, SaveArticle } from '@tenantry/shared';
import { normaliseTags } from '#web/lib/content/content-fields.ts';
import { t } from '../../messages.ts';

export interface ArticleFormValues {
  title: string;
  summary: string;
  tags: string[];
  body: string;
}

export function formValuesOf(a: Article): ArticleFormValues {
  return { title: a.title, summary: a.summary, tags: a.tags, body: a.body };
}

/** The PUT body: the form's content on `revision`; tags trimmed, lower-cased, unique. */
export function toSaveBody(v: ArticleFormValues, revision: number): SaveArticle {
  return {
    revision,
    title: v.title.trim(),
    summary: v.summary.trim(),
    tags: normaliseTags(v.tags),
    body: v.body,
  };
}

/** About how long the article takes to read, at 200 words a minute: "4 min read". */
export function readingTime(body: string): string {
  const words = body.trim() ? body.trim().split(/\s+/).length : 0;
  return t('article.readingTime', { minutes: Math.max(1, Math.round(words / 200)) });
}
