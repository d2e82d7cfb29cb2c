/**
 * The respondent page's language (docs/languages.md): the `respondent` catalogue, one chunk per
 * locale, only the shown one fetched.
 */
import type en from '@tenantry/shared/i18n/catalogues/respondent/en.json';
import type { Translator } from '@tenantry/shared/i18n/translator';
import { createPageI18n, type CatalogueLoaders } from '../../i18n/page-i18n.tsx';

export type RespondentKey = keyof typeof en;
export type RespondentTranslator = Translator<RespondentKey>;

export const RESPONDENT_CATALOGUES: CatalogueLoaders = {
  en: () => import('@tenantry/shared/i18n/catalogues/respondent/en.json'),
  de: () => import('@tenantry/shared/i18n/catalogues/respondent/de.json'),
  fr: () => import('@tenantry/shared/i18n/catalogues/respondent/fr.json'),
  es: () => import('@tenantry/shared/i18n/catalogues/respondent/es.json'),
  nl: () => import('@tenantry/shared/i18n/catalogues/respondent/nl.json'),
};

export const { I18nProvider, useI18n, LanguageSwitcher } =
  createPageI18n<RespondentKey>(RESPONDENT_CATALOGUES);
