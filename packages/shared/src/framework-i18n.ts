/**
 * Frameworks in several languages (docs/languages.md, "Frameworks in several languages"): a
 * framework document may carry, per language besides English, the texts a respondent reads —
 * the framework's name, summary and description; each section's title, description and
 * guidance; each question's title, description and guidance, its option labels (by option
 * key), maturity level labels and unit. English is the base text and always there; a
 * translation left out shows the English text. Scores, weights, keys and types are never
 * translated, so a score never depends on the language.
 *
 * No zod here: the respondent page imports this module (its JavaScript budget).
 */
import type { FrameworkDocument, Question, Section } from './frameworks.schemas.ts';
import { type Locale } from './i18n/locales.ts';
import {
  TRANSLATION_LOCALES,
  type QuestionTranslation,
  type TranslationLocale,
  type Translations,
} from './framework-translations.ts';

export {
  TRANSLATION_LOCALES,
  type FrameworkTranslation,
  type NodeTranslation,
  type QuestionTranslation,
  type TranslationLocale,
  type Translations,
} from './framework-translations.ts';

/** The framework's own key in reports (nodes are named by their stable key). */
export const FRAMEWORK_ITEM_KEY = '@framework';

type Translated = { translations?: Translations<object> | undefined };

function eachItem(doc: FrameworkDocument, fn: (item: Translated) => void): void {
  fn(doc);
  const walk = (sections: readonly Section[]) => {
    for (const s of sections) {
      fn(s);
      for (const q of s.questions) fn(q);
      walk(s.sections);
    }
  };
  walk(doc.sections);
}

/** The languages a framework has any translation in, in `LOCALES` order (English not listed). */
export function frameworkLanguages(doc: FrameworkDocument): TranslationLocale[] {
  const found = new Set<TranslationLocale>();
  eachItem(doc, (item) => {
    for (const l of TRANSLATION_LOCALES) if (item.translations?.[l]) found.add(l);
  });
  return TRANSLATION_LOCALES.filter((l) => found.has(l));
}

const pick = (translated: string | undefined, base: string) => translated ?? base;

function localizeQuestion(q: Question, locale: TranslationLocale): Question {
  const { translations, ...base } = q;
  const tr = translations?.[locale] as QuestionTranslation | undefined;
  if (!tr) return base as Question;
  const out = {
    ...base,
    title: pick(tr.title, q.title),
    description: pick(tr.description, q.description),
    guidance: pick(tr.guidance, q.guidance),
  } as Question;
  if (out.type === 'maturity' && q.type === 'maturity' && tr.levels) out.levels = [...tr.levels];
  if ((out.type === 'single_choice' || out.type === 'multiple_choice') && tr.options) {
    const labels = tr.options;
    out.options = out.options.map((o) => ({ ...o, label: pick(labels[o.key], o.label) }));
  }
  if (out.type === 'number' && q.type === 'number') out.unit = pick(tr.unit, q.unit);
  return out;
}

function localizeSection(s: Section, locale: TranslationLocale): Section {
  const { translations, ...base } = s;
  const tr = translations?.[locale];
  return {
    ...base,
    title: pick(tr?.title, s.title),
    description: pick(tr?.description, s.description),
    guidance: pick(tr?.guidance, s.guidance),
    questions: s.questions.map((q) => localizeQuestion(q, locale)),
    sections: s.sections.map((c) => localizeSection(c, locale)),
  };
}

/**
 * The document as a reader in `locale` sees it: every text in that language where the
 * framework has it, English otherwise, and no `translations` left. Everything that scores
 * (types, options' keys and scores, bands, weights, targets) is the document's own, untouched.
 */
export function localizeFramework(doc: FrameworkDocument, locale: Locale): FrameworkDocument {
  if (locale === 'en') return doc;
  const { translations, ...base } = doc;
  const tr = translations?.[locale];
  return {
    ...base,
    name: pick(tr?.name, doc.name),
    summary: pick(tr?.summary, doc.summary),
    description: pick(tr?.description, doc.description),
    sections: doc.sections.map((s) => localizeSection(s, locale)),
  };
}

export interface MissingTranslationItem {
  /** A section's or question's key, or `@framework`. */
  key: string;
  /** The texts it lacks: `title`, `guidance`, `levels`, `unit`, `options.<option key>`… */
  fields: string[];
}

export interface MissingTranslations {
  locale: TranslationLocale;
  /** How many texts lack this language (each shows in English). */
  count: number;
  /** The items lacking it, in reading order; at most `limit` of them. */
  items: MissingTranslationItem[];
}

/** The texts of a node that English has (an empty English text needs no translation). */
function lacking(
  base: object,
  tr: Record<string, unknown> | undefined,
  fields: readonly string[],
  required: readonly string[] = [],
): string[] {
  return fields.filter(
    (f) =>
      (required.includes(f) || (base as Record<string, unknown>)[f] !== '') &&
      (tr?.[f] === undefined || tr[f] === null),
  );
}

function questionLacks(q: Question, tr: QuestionTranslation | undefined): string[] {
  const fields = lacking(
    q,
    tr as Record<string, unknown>,
    ['title', 'description', 'guidance'],
    ['title'],
  );
  if (q.type === 'maturity' && !tr?.levels) fields.push('levels');
  if (q.type === 'single_choice' || q.type === 'multiple_choice') {
    for (const o of q.options)
      if (tr?.options?.[o.key] === undefined) fields.push(`options.${o.key}`);
  }
  if (q.type === 'number' && q.unit !== '' && tr?.unit === undefined) fields.push('unit');
  return fields;
}

/**
 * For each of `locales` (by default the languages the framework has any translation in), the
 * texts that lack it: an import's and a draft's report (warnings, never errors — a missing
 * translation shows the English text). A framework in English only has nothing to report.
 */
export function missingTranslations(
  doc: FrameworkDocument,
  locales: readonly TranslationLocale[] = frameworkLanguages(doc),
  limit = 200,
): MissingTranslations[] {
  return locales.map((locale) => {
    const report: MissingTranslations = { locale, count: 0, items: [] };
    const add = (key: string, fields: string[]) => {
      if (fields.length === 0) return;
      report.count += fields.length;
      if (report.items.length < limit) report.items.push({ key, fields });
    };
    add(
      FRAMEWORK_ITEM_KEY,
      lacking(
        doc,
        doc.translations?.[locale] as Record<string, unknown> | undefined,
        ['name', 'summary', 'description'],
        ['name'],
      ),
    );
    const walk = (sections: readonly Section[]) => {
      for (const s of sections) {
        add(
          s.key,
          lacking(
            s,
            s.translations?.[locale] as Record<string, unknown> | undefined,
            ['title', 'description', 'guidance'],
            ['title'],
          ),
        );
        for (const q of s.questions) add(q.key, questionLacks(q, q.translations?.[locale]));
        walk(s.sections);
      }
    };
    walk(doc.sections);
    return report;
  });
}

/**
 * The document without translated labels of options its questions no longer have (an editor
 * removed or re-keyed an option): a file naming an unknown option is refused, so the editor
 * drops them before it saves. Everything else is left as it is.
 */
export function dropStaleOptionTranslations(doc: FrameworkDocument): FrameworkDocument {
  const question = (q: Question): Question => {
    if ((q.type !== 'single_choice' && q.type !== 'multiple_choice') || !q.translations) return q;
    const keys = new Set((q.options ?? []).map((o) => o.key));
    let stale = false;
    const translations: Translations<QuestionTranslation> = {};
    for (const [locale, tr] of Object.entries(q.translations) as Array<
      [TranslationLocale, QuestionTranslation]
    >) {
      const options = tr?.options;
      if (!options || Object.keys(options).every((k) => keys.has(k))) {
        translations[locale] = tr;
        continue;
      }
      stale = true;
      translations[locale] = {
        ...tr,
        options: Object.fromEntries(Object.entries(options).filter(([k]) => keys.has(k))),
      };
    }
    return stale ? { ...q, translations } : q;
  };
  const section = (s: Section): Section => ({
    ...s,
    questions: (s.questions ?? []).map(question),
    sections: (s.sections ?? []).map(section),
  });
  return { ...doc, sections: (doc.sections ?? []).map(section) };
}

/** The document in English only: every `translations` left out (the rest as it is). */
export function withoutTranslations(doc: FrameworkDocument): FrameworkDocument {
  const strip = <T extends object>(item: T): T => {
    const { translations: _t, ...rest } = item as T & Translated;
    return rest as T;
  };
  const section = (s: Section): Section => ({
    ...strip(s),
    questions: s.questions.map(strip),
    sections: s.sections.map(section),
  });
  return { ...strip(doc), sections: doc.sections.map(section) };
}
