/**
 * The language a person chose on this device (the switcher on a client-facing page) and the
 * ones their browser asks for: read by every page that picks a language (docs/languages.md).
 */
import { isLocale, type Locale } from '@tenantry/shared/i18n/locales';

/** Where the switcher keeps the person's choice (every page reads it). */
export const CHOSEN_LOCALE_KEY = 'tenantry.locale';

export function storedLocale(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(CHOSEN_LOCALE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale) {
  try {
    globalThis.localStorage?.setItem(CHOSEN_LOCALE_KEY, locale);
  } catch {
    // Private mode: the choice holds for this visit.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
