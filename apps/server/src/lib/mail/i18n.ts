/**
 * The e-mails clients receive (respondents, shared users) in their language (docs/languages.md):
 * the `emails` catalogue, compiled once at start-up for Lingui's runtime.
 */
import { LOCALES, type Locale } from '@tenantry/shared';
import de from '@tenantry/shared/i18n/catalogues/emails/de.json' with { type: 'json' };
import en from '@tenantry/shared/i18n/catalogues/emails/en.json' with { type: 'json' };
import es from '@tenantry/shared/i18n/catalogues/emails/es.json' with { type: 'json' };
import fr from '@tenantry/shared/i18n/catalogues/emails/fr.json' with { type: 'json' };
import nl from '@tenantry/shared/i18n/catalogues/emails/nl.json' with { type: 'json' };
import { compileCatalogue } from '@tenantry/shared/i18n/compile';
import { translator, type Translator } from '@tenantry/shared/i18n/translator';

export type MailKey = keyof typeof en;
export type MailTranslator = Translator<MailKey>;

const SOURCES: Record<Locale, Record<MailKey, string>> = { en, de, fr, es, nl };

const translators = new Map<Locale, MailTranslator>(
  LOCALES.map((l) => [l, translator<MailKey>(l, compileCatalogue(SOURCES[l], `emails/${l}`))]),
);

/** The e-mail catalogue's translator for a locale. */
export const mailTranslator = (locale: Locale): MailTranslator => translators.get(locale)!;
