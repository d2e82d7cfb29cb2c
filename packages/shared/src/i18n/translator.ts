/**
 * Translation at run time: Lingui's runtime (@lingui/core) over a compiled catalogue
 * (docs/languages.md; the choice of library: docs/decisions/0022-i18n-lingui-runtime.md).
 * Catalogues are JSON files of ICU MessageFormat messages under `i18n/catalogues/<name>/`;
 * the web build compiles them (apps/web/build/i18n-catalogues.ts), the server at start-up.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type { Locale } from './locales.ts';

/** The language tags handed to Intl: British English writes `10 January 2031`. */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  nl: 'nl-NL',
};

/** A catalogue's source: message key → ICU MessageFormat message. */
export type CatalogueSource = Record<string, string>;
/** A catalogue as the runtime takes it (compiled). */
export type CompiledCatalogue = Messages;

export type Values = Record<string, string | number>;

export interface Translator<K extends string> {
  locale: Locale;
  t: (key: K, values?: Values) => string;
  /** A day (`YYYY-MM-DD`, or a Date read in UTC) as `10 January 2031` in the locale. */
  day: (day: string | Date) => string;
  /** A date and time in the reader's time zone. */
  dateTime: (at: string | Date) => string;
  number: (n: number) => string;
  /** 0.42 → `42%` (`42 %` in German and French). */
  percent: (ratio: number) => string;
}

export function translator<K extends string>(
  locale: Locale,
  messages: CompiledCatalogue,
): Translator<K> {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const tag = INTL_LOCALE[locale];
  const dayFormat = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTimeFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const numberFormat = new Intl.NumberFormat(tag);
  const percentFormat = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  return {
    locale,
    t: (key, values) => i18n._(key, values),
    day: (day) =>
      dayFormat.format(typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day),
    dateTime: (at) => dateTimeFormat.format(typeof at === 'string' ? new Date(at) : at),
    number: (n) => numberFormat.format(n),
    percent: (ratio) => percentFormat.format(ratio),
  };
}
