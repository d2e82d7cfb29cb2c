import {
  CreateAssessmentSchema,
  listQuestions,
  type AssessmentScope,
  type CreateAssessment,
  type FrameworkDocument,
  type Question,
  type Section,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { t } from '../messages.ts';

/** How the scope is chosen: everything, some sections, or the questions with some tags. */
export type ScopeMode = 'all' | 'sections' | 'tags';

/** What the start dialog holds: plain values, as inputs give them. */
export interface StartFormValues {
  frameworkId: string;
  /** The version's number as text (a select's value). */
  version: string;
  name: string;
  /** A member's user id; empty: the one who starts it. */
  ownerId: string;
  /** `YYYY-MM-DD` or empty. */
  dueDate: string;
  scopeMode: ScopeMode;
  /** Ticked section keys, any depth (a ticked section takes everything below it). */
  sections: string[];
  tags: string[];
  /** Per top-level section key: the target in percent, or '' for none. */
  targets: Record<string, number | string>;
}

export const EMPTY_START_FORM: StartFormValues = {
  frameworkId: '',
  version: '',
  name: '',
  ownerId: '',
  dueDate: '',
  scopeMode: 'all',
  sections: [],
  tags: [],
  targets: {},
};

type Doc = Pick<FrameworkDocument, 'sections'>;

/** "NIST CSF 2.0 – March 2026": the framework and the month it starts in. */
export function defaultAssessmentName(
  frameworkName: string,
  now: Date = new Date(),
  locale?: string,
): string {
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(now);
  return `${frameworkName} – ${month}`;
}

/** A fraction as a whole percentage for an input ('' for none). */
export function toPercent(fraction: number | null | undefined): number | '' {
  return fraction == null ? '' : Math.round(fraction * 100);
}

/** A percentage input back to a fraction (null when empty). */
export function fromPercent(percent: number | string): number | null {
  if (percent === '' || percent === null) return null;
  const n = typeof percent === 'number' ? percent : Number(percent);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n / 100)) : null;
}

/** The targets inputs' starting values: the framework's default per top-level section. */
export function defaultTargets(doc: Doc): Record<string, number | ''> {
  return Object.fromEntries(doc.sections.map((s) => [s.key, toPercent(s.target)]));
}

/** Whether a question (under sections `path`) is in a scope: as the server decides. */
export function inScope(scope: AssessmentScope, path: readonly string[], q: Question): boolean {
  if (scope.sections && !path.some((k) => scope.sections!.includes(k))) return false;
  if (scope.tags && !q.tags.some((t) => scope.tags!.includes(t))) return false;
  return true;
}

/** How many questions a scope holds, and which top-level sections have any. */
export function scopeSize(doc: Doc, scope: AssessmentScope): { questions: number; top: string[] } {
  let questions = 0;
  const top = new Set<string>();
  for (const { question, sectionKeys } of listQuestions(doc)) {
    if (!inScope(scope, sectionKeys, question)) continue;
    questions++;
    top.add(sectionKeys[0]!);
  }
  return { questions, top: doc.sections.map((s) => s.key).filter((k) => top.has(k)) };
}

/** The tags of a document's questions, each with how many questions carry it, by name. */
export function questionTags(doc: Doc): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { question } of listQuestions(doc)) {
    for (const t of question.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => a.tag.localeCompare(b.tag));
}

export type TickState = 'ticked' | 'implied' | 'partial' | 'none';

/**
 * Each section's box: ticked, implied (a section above is ticked), partial (something below
 * is ticked) or not.
 */
export function tickStates(doc: Doc, ticked: readonly string[]): Map<string, TickState> {
  const set = new Set(ticked);
  const out = new Map<string, TickState>();
  const walk = (s: Section, above: boolean): boolean => {
    const own = set.has(s.key);
    let below = false;
    for (const c of s.sections) below = walk(c, above || own) || below;
    out.set(s.key, above ? 'implied' : own ? 'ticked' : below ? 'partial' : 'none');
    return own || below;
  };
  for (const s of doc.sections) walk(s, false);
  return out;
}

function findSection(sections: readonly Section[], key: string): Section | null {
  for (const s of sections) {
    if (s.key === key) return s;
    const found = findSection(s.sections, key);
    if (found) return found;
  }
  return null;
}

function keysBelow(s: Section, into: Set<string> = new Set()): Set<string> {
  for (const c of s.sections) {
    into.add(c.key);
    keysBelow(c, into);
  }
  return into;
}

/** Ticks or unticks a section: ticking it drops the ticks below it (they are implied now). */
export function toggleSection(doc: Doc, ticked: readonly string[], key: string, on: boolean) {
  const s = findSection(doc.sections, key);
  if (!s) return [...ticked];
  const below = keysBelow(s);
  const rest = ticked.filter((k) => k !== key && !below.has(k));
  return on ? [...rest, key] : rest;
}

/** The ticked sections as the scope sends them: in reading order, none under another. */
export function scopeSections(doc: Doc, ticked: readonly string[]): string[] {
  const set = new Set(ticked);
  const out: string[] = [];
  const walk = (sections: readonly Section[]) => {
    for (const s of sections) {
      if (set.has(s.key)) out.push(s.key);
      else walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

export function scopeOf(v: StartFormValues, doc: Doc): AssessmentScope {
  return {
    sections: v.scopeMode === 'sections' ? scopeSections(doc, v.sections) : null,
    tags: v.scopeMode === 'tags' ? v.tags : null,
  };
}

/**
 * The targets to send: only where a top-level section in scope differs from the framework's
 * default (a cleared input removes the default target).
 */
export function targetOverrides(
  doc: Doc,
  targets: StartFormValues['targets'],
  inScopeTop: readonly string[],
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const s of doc.sections) {
    if (!inScopeTop.includes(s.key) || !(s.key in targets)) continue;
    const value = fromPercent(targets[s.key]!);
    const def = s.target ?? null;
    const same =
      value === null || def === null
        ? value === def
        : Math.round(value * 100) === Math.round(def * 100);
    if (!same) out[s.key] = value;
  }
  return out;
}

/** The request body of the start dialog. */
export function toCreateBody(v: StartFormValues, doc: Doc): CreateAssessment {
  const scope = scopeOf(v, doc);
  const { top } = scopeSize(doc, scope);
  return {
    frameworkId: v.frameworkId,
    version: Number(v.version),
    name: v.name.trim(),
    ...(v.ownerId ? { ownerId: v.ownerId } : {}),
    dueDate: v.dueDate || null,
    scope,
    targets: targetOverrides(doc, v.targets, top),
  };
}

const checkBody = schemaResolver(CreateAssessmentSchema, { sync: true });

/** A body's (or the server's) error keys as the form's fields: `scope.tags` → `tags`. */
export function toFormErrors(errors: Record<string, unknown>): FormErrors {
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.replace(/^scope\.(sections|tags)(\..*)?$/, '$1');
    out[field] ??= message as FormErrors[string];
  }
  return out;
}

/** The dialog's errors: what the server would say, keyed by the form's fields. */
export function startFormErrors(v: StartFormValues, doc: Doc | null): FormErrors {
  if (!v.frameworkId) return { frameworkId: t('start.error.framework') };
  if (!doc || !v.version) return { version: t('start.error.version') };
  const errors = toFormErrors(checkBody(toCreateBody(v, doc)));
  const scope = scopeOf(v, doc);
  if (Object.keys(errors).length === 0 && scopeSize(doc, scope).questions === 0) {
    errors[v.scopeMode === 'tags' ? 'tags' : 'sections'] = t('start.error.emptyScope');
  }
  return errors;
}
