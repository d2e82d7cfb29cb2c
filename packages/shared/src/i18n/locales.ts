/**
 * The languages of the client-facing side (the respondent page, the shared sign-in and layout,
 * the e-mails clients receive) and how one is chosen (docs/languages.md). No zod here: the
 * respondent page imports this module and keeps its budget.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first supported language of a list of preferences, best first (`navigator.languages`,
 * or an Accept-Language header through `parseAcceptLanguage`): `de-AT` matches `de`. Null when
 * none is supported.
 */
export function negotiateLocale(preferences: readonly string[]): Locale | null {
  for (const tag of preferences) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** `de-CH, fr;q=0.8, en;q=0.9` → `['de-CH', 'en', 'fr']` (by weight; q=0 left out). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q.trim() || 'x'), index };
    })
    .filter((p) => p.tag && p.tag !== '*' && p.q > 0 && !Number.isNaN(p.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((p) => p.tag);
}

/**
 * The language of a client-facing page, strongest first: the person's own choice (the switcher),
 * the assessment's language, their browser's languages, English.
 */
export function chooseLocale(input: {
  chosen?: string | null;
  assessment?: string | null;
  browser?: readonly string[];
}): Locale {
  if (isLocale(input.chosen)) return input.chosen;
  if (isLocale(input.assessment)) return input.assessment;
  return negotiateLocale(input.browser ?? []) ?? DEFAULT_LOCALE;
}

/**
 * The language of an e-mail to a client: the assessment's language, else the recipient's last
 * known locale (what their browser asked for when they last opened a page), else English.
 */
export function mailLocale(assessment?: string | null, lastKnown?: string | null): Locale {
  if (isLocale(assessment)) return assessment;
  if (isLocale(lastKnown)) return lastKnown;
  return DEFAULT_LOCALE;
}
