import type {
  DiffField,
  FrameworkDiff,
  FrameworkSummary,
  MissingTranslations,
  TranslationLocale,
} from '@tenantry/shared';

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
  if (f.archivedAt) out.push({ label: 'Archived', color: 'gray', variant: 'outline' });
  if (f.latestVersion === null) {
    out.push({ label: 'Draft only', color: 'yellow', variant: 'light' });
    return out;
  }
  out.push({ label: `Published v${f.latestVersion}`, color: 'green', variant: 'light' });
  if (f.hasDraftChanges) out.push({ label: 'Draft changes', color: 'blue', variant: 'light' });
  return out;
}

/** The editor's one-line state: "Draft (changes since v2)", "Published v3, no changes". */
export function draftHeadline(
  f: Pick<FrameworkSummary, 'latestVersion' | 'hasDraftChanges'>,
): string {
  if (f.latestVersion === null) return 'Draft, not published yet';
  if (f.hasDraftChanges) return `Draft (changes since v${f.latestVersion})`;
  return `Published v${f.latestVersion}, no changes`;
}

export const DIFF_FIELD_LABELS: Record<DiffField, string> = {
  title: 'Title',
  type: 'Type',
  options: 'Answer settings',
  weight: 'Weight',
  naAllowed: 'N/A allowed',
  description: 'Description',
  guidance: 'Guidance',
  tags: 'Tags',
  playbooks: 'Playbooks',
  target: 'Target',
  parent: 'Moved',
  translations: 'Translations',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 added, 1 removed, 5 changed" (and whether the framework's own details changed). */
export function diffSummary(diff: FrameworkDiff): string {
  const parts = [
    `${diff.added.length} added`,
    `${diff.removed.length} removed`,
    `${diff.changed.length} changed`,
  ];
  const text = parts.join(', ');
  return diff.metadataChanged ? `${text}; the framework’s details changed` : text;
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
  return `${plural(questions, 'question')} in ${plural(sections, 'section')}`;
}

export { plural };

/** The languages a framework may be translated into, in the main app's words. */
export const TRANSLATION_LANGUAGE_LABELS: Record<TranslationLocale, string> = {
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  nl: 'Dutch',
};

/**
 * The import's (and the draft's) translation warnings in a sentence: "German complete; French:
 * 3 texts show in English". Null for a framework in English only.
 */
export function translationsSummary(report: readonly MissingTranslations[]): string | null {
  if (report.length === 0) return null;
  return report
    .map((r) =>
      r.count === 0
        ? `${TRANSLATION_LANGUAGE_LABELS[r.locale]} complete`
        : `${TRANSLATION_LANGUAGE_LABELS[r.locale]}: ${plural(r.count, 'text')} ${r.count === 1 ? 'shows' : 'show'} in English`,
    )
    .join('; ');
}
