/**
 * Translation at run time: Lingui's runtime (@lingui/core) over a compiled catalogue
 * (docs/languages.md; the choice of library: docs/decisions/0022-i18n-lingui-runtime.md).
 * Catalogues are JSON files of ICU MessageFormat messages under `i18n/catalogues/<name>/`;
 * the web build compiles them (apps/web/build/i18n-catalogues.ts), the server at start-up.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { intlByteUnit, scaleBytes } from '../bytes.ts';
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
  /** The day of a moment in the reader's time zone, short: `1 May 2026`. */
  date: (at: string | Date) => string;
  /** A date and time in the reader's time zone: `1 May 2026, 10:05`. */
  dateTime: (at: string | Date) => string;
  number: (n: number) => string;
  /** 0.42 → `42%` (`42 %` in German and French). */
  percent: (ratio: number) => string;
  /** A file's size in binary multiples, the locale's way: `1.5 MB`, `1,5 MB`, `1,5 Mo`. */
  fileSize: (bytes: number) => string;
}

export function translator<K extends string>(
  locale: Locale,
  messages: CompiledCatalogue,
): Translator<K> {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const tag = INTL_LOCALE[locale];
  // Made on first use: a formatter's first use loads the locale's data (tens of milliseconds on
  // a phone), which a page showing no date should not pay before its first paint.
  const lazy = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const dayFormat = lazy(
    () =>
      new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  const dateFormat = lazy(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }));
  const dateTimeFormat = lazy(
    () => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const numberFormat = lazy(() => new Intl.NumberFormat(tag));
  const percentFormat = lazy(
    () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }),
  );
  const sizeFormats = new Map<number, Intl.NumberFormat>();
  const sizeFormat = (unit: number) => {
    let f = sizeFormats.get(unit);
    if (!f) {
      // Bytes written out (`512 bytes`, `512 octets`), the others short (`2 kB`, `2 ko`).
      f = new Intl.NumberFormat(tag, {
        style: 'unit',
        unit: intlByteUnit(unit),
        unitDisplay: unit === 0 ? 'long' : 'short',
        maximumFractionDigits: 1,
      });
      sizeFormats.set(unit, f);
    }
    return f;
  };
  return {
    locale,
    t: (key, values) => i18n._(key, values),
    day: (day) => {
      const d = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
      return Number.isNaN(d.getTime()) ? String(day) : dayFormat().format(d);
    },
    date: (at) => {
      const d = new Date(at);
      return Number.isNaN(d.getTime()) ? String(at) : dateFormat().format(d);
    },
    dateTime: (at) => {
      const d = new Date(at);
      return Number.isNaN(d.getTime()) ? String(at) : dateTimeFormat().format(d);
    },
    number: (n) => numberFormat().format(n),
    percent: (ratio) => percentFormat().format(ratio),
    fileSize: (bytes) => {
      const { value, unit } = scaleBytes(bytes);
      return sizeFormat(unit).format(value);
    },
  };
}
