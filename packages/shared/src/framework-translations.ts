/**
 * The shape of a framework's translations (docs/languages.md, "Frameworks in several
 * languages"): what the schema validates and what framework-i18n.ts reads. Apart from both, so
 * that neither imports the other.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './i18n/locales.ts';

/** The languages a framework may be translated into: every client-facing one but English. */
export type TranslationLocale = Exclude<Locale, 'en'>;
export const TRANSLATION_LOCALES = LOCALES.filter(
  (l): l is TranslationLocale => l !== DEFAULT_LOCALE,
) as [TranslationLocale, ...TranslationLocale[]];

/** Per language, the translated texts of one item (any of them may be left out). */
export type Translations<T> = Partial<Record<TranslationLocale, T>>;

export interface FrameworkTranslation {
  name?: string | undefined;
  summary?: string | undefined;
  description?: string | undefined;
}
export interface NodeTranslation {
  title?: string | undefined;
  description?: string | undefined;
  guidance?: string | undefined;
}
export interface QuestionTranslation extends NodeTranslation {
  /** Maturity questions: the six level labels, 0 to 5. */
  levels?: string[] | undefined;
  /** Choice questions: each option's label by the option's key. */
  options?: Record<string, string> | undefined;
  /** Number questions. */
  unit?: string | undefined;
}
