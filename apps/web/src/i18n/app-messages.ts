/**
 * The main app's words (docs/languages.md, "The main app"): every string a screen shows is in a
 * catalogue, `apps/web/src/i18n/catalogues/<area>/<locale>.json` (message key → ICU
 * MessageFormat), one area per feature folder. The main app is English for now; translating it
 * is adding a `<locale>.json` beside every `en.json`.
 *
 * An area's module declares its catalogue once and exports its `t`:
 *
 *   import en from '../../i18n/catalogues/tenants/en.json';
 *   export const t = appMessages<typeof en>('tenants', en);
 *
 * and a screen writes `t('list.title')`, `t('list.count', { count })`. Keys are typed from the
 * English file: a typo fails typecheck. Call `t` while rendering, never at a module's top level
 * (the language is chosen at boot, before the first render).
 */
import { chooseLocale, DEFAULT_LOCALE, isLocale, type Locale } from '@tenantry/shared/i18n/locales';
import {
  translator,
  type CompiledCatalogue,
  type Translator,
  type Values,
} from '@tenantry/shared/i18n/translator';
import { browserLanguages, storedLocale } from './chosen-locale.ts';

export type AppT<K extends string> = (key: K, values?: Values) => string;

/** Each area's English messages, and the current language's where one is loaded. */
const current = new Map<string, Translator<string>>();
let locale: Locale = DEFAULT_LOCALE;

/**
 * An area's `t`. The JSON module is compiled at build time (build/i18n-catalogues.ts); its type
 * is the English source, which gives the keys.
 */
export function appMessages<S extends Record<string, string>>(
  area: string,
  en: S,
): AppT<keyof S & string> {
  const english = translator<string>('en', en as unknown as CompiledCatalogue);
  return (key, values) => (current.get(area) ?? english).t(key, values);
}

/** The main app's language now. */
export function appLocale(): Locale {
  return locale;
}

/**
 * Every other language's catalogue files, by path; only the chosen language's are ever fetched.
 * A language is in every area or in none (i18n/app-catalogues.test.ts), so the app never
 * switches language from one screen to the next.
 */
const CATALOGUE_FILES: Record<string, () => Promise<unknown>> = import.meta.glob([
  './catalogues/*/*.json',
  '!./catalogues/*/en.json',
]);

const areaOf = (file: string) => /catalogues\/([^/]+)\/[a-z]{2}\.json$/.exec(file)?.[1] ?? '';
const localeOf = (file: string) => /\/([a-z]{2})\.json$/.exec(file)?.[1] ?? '';

/** The languages the main app can show: English and each one its catalogues are in. */
export const APP_LOCALES: readonly Locale[] = [
  DEFAULT_LOCALE,
  ...new Set(Object.keys(CATALOGUE_FILES).map(localeOf).filter(isLocale)),
];

/**
 * Chooses the main app's language at boot (the person's choice on this device, else the
 * browser's, among the complete ones) and loads its catalogues. Null when the app shows English
 * (nothing to fetch: the English catalogues are part of each screen's chunk).
 */
export function prepareAppLocale(
  chosen: string | null = storedLocale(),
  browser: readonly string[] = browserLanguages(),
): Promise<void> | null {
  const choice = chooseLocale({
    chosen: APP_LOCALES.includes(chosen as Locale) ? chosen : null,
    browser: browser.filter((tag) =>
      APP_LOCALES.includes(tag.toLowerCase().split(/[-_]/)[0] as Locale),
    ),
  });
  if (choice === DEFAULT_LOCALE) return null;
  const files = Object.entries(CATALOGUE_FILES).filter(([file]) => localeOf(file) === choice);
  return Promise.all(
    files.map(async ([file, load]) => {
      const mod = (await load()) as { default: CompiledCatalogue };
      return [areaOf(file), translator<string>(choice, mod.default)] as const;
    }),
  ).then((loaded) => {
    // All or nothing: one catalogue that failed to load leaves the whole app in English.
    for (const [area, tr] of loaded) current.set(area, tr);
    locale = choice;
    document.documentElement.lang = choice;
  });
}
