/**
 * The language of the shared sign-in page and the shared layout (docs/languages.md): the `guest`
 * catalogue, one chunk per locale, only the shown one fetched. A shared user has no assessment
 * language: their choice (the switcher), else their browser's languages, else English. The
 * provider's own guest pages (sign-in, sign-up, password reset, invitations) stay English, like
 * the main app.
 */
import type en from '@tenantry/shared/i18n/catalogues/guest/en.json';
import { chooseLocale, type Locale } from '@tenantry/shared/i18n/locales';
import type { Translator } from '@tenantry/shared/i18n/translator';
import {
  browserLanguages,
  createPageI18n,
  loadTranslator,
  storedLocale,
  type CatalogueLoaders,
} from './page-i18n.tsx';

export type GuestKey = keyof typeof en;
export type GuestTranslator = Translator<GuestKey>;

export const GUEST_CATALOGUES: CatalogueLoaders = {
  en: () => import('@tenantry/shared/i18n/catalogues/guest/en.json'),
  de: () => import('@tenantry/shared/i18n/catalogues/guest/de.json'),
  fr: () => import('@tenantry/shared/i18n/catalogues/guest/fr.json'),
  es: () => import('@tenantry/shared/i18n/catalogues/guest/es.json'),
  nl: () => import('@tenantry/shared/i18n/catalogues/guest/nl.json'),
};

export const { I18nProvider, useI18n, useOptionalI18n, LanguageSwitcher } =
  createPageI18n<GuestKey>(GUEST_CATALOGUES);

const loading = new Map<Locale, Promise<GuestTranslator>>();

/**
 * The translator a shared page opens with: the person's choice on this device, else their
 * browser's language. Asked once per page load (the guest entry asks it at boot on the shared
 * sign-in, alongside /api/v1/me).
 */
export function guestTranslator(): Promise<GuestTranslator> {
  const locale = chooseLocale({ chosen: storedLocale(), browser: browserLanguages() });
  let translator = loading.get(locale);
  if (!translator) {
    translator = loadTranslator<GuestKey>(GUEST_CATALOGUES, locale);
    loading.set(locale, translator);
  }
  return translator;
}
