/**
 * The respondent page's tests render in a given language: the catalogue is imported (compiled
 * by the build plugin, as on the page) rather than loaded, so the first render is translated.
 */
import { render as renderDom, type RenderOptions } from '@testing-library/react';
import de from '@tenantry/shared/i18n/catalogues/respondent/de.json';
import en from '@tenantry/shared/i18n/catalogues/respondent/en.json';
import es from '@tenantry/shared/i18n/catalogues/respondent/es.json';
import fr from '@tenantry/shared/i18n/catalogues/respondent/fr.json';
import nl from '@tenantry/shared/i18n/catalogues/respondent/nl.json';
import type { Locale } from '@tenantry/shared/i18n/locales';
import { translator, type CompiledCatalogue } from '@tenantry/shared/i18n/translator';
import type { ReactElement, ReactNode } from 'react';
import { I18nProvider, type RespondentKey, type RespondentTranslator } from './lib/i18n.ts';

const CATALOGUES: Record<Locale, unknown> = { en, de, fr, es, nl };

export const translatorFor = (locale: Locale): RespondentTranslator =>
  translator<RespondentKey>(locale, CATALOGUES[locale] as CompiledCatalogue);

export const english = translatorFor('en');

export function render(ui: ReactElement, options: RenderOptions & { locale?: Locale } = {}) {
  const initial = translatorFor(options.locale ?? 'en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider initial={initial}>{children}</I18nProvider>
  );
  return renderDom(ui, { ...options, wrapper });
}
