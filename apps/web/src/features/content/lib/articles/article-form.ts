import {
  FRAMEWORK_KEY_PATTERN,
  FRAMEWORK_LIMITS,
  type Article,
  type SaveArticle,
} from '@tenantry/shared';

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
    tags: [...new Set(v.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))],
    body: v.body,
  };
}

/** A key from a title: `Running an assessment` → `running-an-assessment`. */
export function keyFromTitle(title: string): string {
  const key = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, FRAMEWORK_LIMITS.key)
    .replace(/-+$/g, '');
  return FRAMEWORK_KEY_PATTERN.test(key) ? key : '';
}

/** About how long the article takes to read, at 200 words a minute: "4 min read". */
export function readingTime(body: string): string {
  const words = body.trim() ? body.trim().split(/\s+/).length : 0;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}
