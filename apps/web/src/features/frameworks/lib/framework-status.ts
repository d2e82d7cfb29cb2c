import type {
  DiffField,
  FrameworkDiff,
  FrameworkSummary,
  MissingTranslations,
  TranslationLocale,
} from '@tenantry/shared';
import { t } from '../messages.ts';

export interface StatusBadge {
  label: string;
  color: string;
  variant: 'light' | 'outline' | 'filled';
}

/**
 * A framework's state in the list, as badges: "Draft only" before the first publish, else
 * "Published v3" (and "Draft changes" when the draft differs); "Archived" on top.
 */
export function statusBadges(
  f: Pick<FrameworkSummary, 'latestVersion' | 'hasDraftChanges' | 'archivedAt'>,
): StatusBadge[] {
  const out: StatusBadge[] = [];
  if (f.archivedAt) out.push({ label: t('status.archived'), color: 'gray', variant: 'outline' });
  if (f.latestVersion === null) {
    out.push({ label: t('status.draftOnly'), color: 'yellow', variant: 'light' });
    return out;
  }
  out.push({
    label: t('status.published', { version: f.latestVersion }),
    color: 'green',
    variant: 'light',
  });
  if (f.hasDraftChanges)
    out.push({ label: t('status.draftChanges'), color: 'blue', variant: 'light' });
  return out;
}

/** The editor's one-line state: "Draft (changes since v2)", "Published v3, no changes". */
export function draftHeadline(
  f: Pick<FrameworkSummary, 'latestVersion' | 'hasDraftChanges'>,
): string {
  if (f.latestVersion === null) return t('headline.unpublished');
  if (f.hasDraftChanges) return t('headline.changes', { version: f.latestVersion });
  return t('headline.noChanges', { version: f.latestVersion });
}

/** A changed field's name, as the diff lists it. */
export const diffFieldLabel = (field: DiffField): string =>
  ({
    title: t('diff.field.title'),
    type: t('diff.field.type'),
    options: t('diff.field.options'),
    weight: t('diff.field.weight'),
    naAllowed: t('diff.field.naAllowed'),
    description: t('diff.field.description'),
    guidance: t('diff.field.guidance'),
    tags: t('diff.field.tags'),
    playbooks: t('diff.field.playbooks'),
    target: t('diff.field.target'),
    parent: t('diff.field.parent'),
    translations: t('diff.field.translations'),
  })[field];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 added, 1 removed, 5 changed" (and whether the framework's own details changed). */
export function diffSummary(diff: FrameworkDiff): string {
  const counts = {
    added: diff.added.length,
    removed: diff.removed.length,
    changed: diff.changed.length,
  };
  return t(diff.metadataChanged ? 'diff.summaryWithDetails' : 'diff.summary', counts);
}

export function isEmptyDiff(diff: FrameworkDiff): boolean {
  return (
    diff.added.length === 0 &&
    diff.removed.length === 0 &&
    diff.changed.length === 0 &&
    !diff.metadataChanged
  );
}

/** "3 questions in 2 sections". */
export function contentCount(questions: number, sections: number): string {
  return t('count.questionsInSections', { questions, sections });
}

export { plural };

/** The languages a framework may be translated into, in the main app's words. */
export const translationLanguageLabel = (locale: TranslationLocale): string =>
  ({
    de: t('language.de'),
    fr: t('language.fr'),
    es: t('language.es'),
    nl: t('language.nl'),
  })[locale];

/**
 * The import's (and the draft's) translation warnings in a sentence: "German complete; French:
 * 3 texts show in English". Null for a framework in English only.
 */
export function translationsSummary(report: readonly MissingTranslations[]): string | null {
  if (report.length === 0) return null;
  return report
    .map((r) =>
      r.count === 0
        ? t('translations.complete', { language: translationLanguageLabel(r.locale) })
        : t('translations.missing', {
            language: translationLanguageLabel(r.locale),
            count: r.count,
          }),
    )
    .join('; ');
}
