/**
 * The pinned framework version of an assessment, cut to its scope. Versions are immutable, so
 * each process caches what it derived from one (lib/bounded-map.ts): nothing another process would
 * need, nothing that can go stale.
 */
import {
  scoreDocument,
  type AssessmentProgress,
  type AssessmentScope,
  type FrameworkDocument,
  type Question,
  type ScoredAnswer,
  type Section,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { frameworkVersions } from '../../db/schema/content.ts';
import { remember } from '../../lib/bounded-map.ts';

export interface QuestionInfo {
  question: Question;
  /** Keys of the sections above it, outermost first. */
  path: string[];
}

export interface ScopedFramework {
  /** The version's document with only the questions in scope (empty sections dropped). */
  document: FrameworkDocument;
  questions: Map<string, QuestionInfo>;
  /** Default targets of the top-level sections in scope. */
  defaultTargets: Record<string, number | null>;
}

const CACHE_MAX = 200;
const versions = new Map<string, Promise<FrameworkDocument | null>>();
const scoped = new Map<string, ScopedFramework>();

/** A published version's document (null when there is no such version). */
export function loadVersionDocument(
  db: Database | Tx,
  frameworkId: string,
  version: number,
): Promise<FrameworkDocument | null> {
  const key = `${frameworkId}@${version}`;
  const known = versions.get(key);
  if (known) return known;
  const loading = db
    .select({ document: frameworkVersions.document })
    .from(frameworkVersions)
    .where(
      and(eq(frameworkVersions.frameworkId, frameworkId), eq(frameworkVersions.version, version)),
    )
    .then(([row]) => row?.document ?? null);
  // Only a found version is cached (a failed or empty read is retried next time).
  return remember(versions, key, loading, CACHE_MAX).then(
    (doc) => {
      if (!doc) versions.delete(key);
      return doc;
    },
    (err: unknown) => {
      versions.delete(key);
      throw err;
    },
  );
}

/** Whether `question` (under sections `path`) is in `scope`. */
export function inScope(scope: AssessmentScope, path: readonly string[], question: Question) {
  if (scope.sections && !path.some((k) => scope.sections!.includes(k))) return false;
  if (scope.tags && !question.tags.some((t) => scope.tags!.includes(t))) return false;
  return true;
}

/** Cuts `doc` to the questions in `scope` (and, for a respondent, in `sections`). */
export function cutDocument(
  doc: FrameworkDocument,
  scope: AssessmentScope,
): Omit<ScopedFramework, 'defaultTargets'> & { defaultTargets: Record<string, number | null> } {
  const questions = new Map<string, QuestionInfo>();
  const defaultTargets: Record<string, number | null> = {};
  const cut = (s: Section, path: string[]): Section | null => {
    const here = [...path, s.key];
    const qs = s.questions.filter((q) => inScope(scope, here, q));
    for (const q of qs) questions.set(q.key, { question: q, path: here });
    const subs = s.sections.map((c) => cut(c, here)).filter((c): c is Section => c !== null);
    if (qs.length === 0 && subs.length === 0) return null;
    return { ...s, questions: qs, sections: subs };
  };
  const sections = doc.sections.map((s) => cut(s, [])).filter((s): s is Section => s !== null);
  for (const s of sections) defaultTargets[s.key] = s.target ?? null;
  return { document: { ...doc, sections }, questions, defaultTargets };
}

/** The pinned version cut to `scope`, cached per (version, scope). */
export async function scopedFramework(
  db: Database | Tx,
  frameworkId: string,
  version: number,
  scope: AssessmentScope,
): Promise<ScopedFramework | null> {
  const key = `${frameworkId}@${version}:${JSON.stringify(scope)}`;
  const known = scoped.get(key);
  if (known) return known;
  const doc = await loadVersionDocument(db, frameworkId, version);
  if (!doc) return null;
  return remember(scoped, key, cutDocument(doc, scope), CACHE_MAX);
}

/** Targets in force: the framework's defaults with the assessment's overrides. */
export function effectiveTargets(
  framework: Pick<ScopedFramework, 'defaultTargets'>,
  overrides: Record<string, number | null>,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(framework.defaultTargets)) {
    out[key] = key in overrides ? (overrides[key] ?? null) : value;
  }
  return out;
}

/** The progress of an assessment from its score input (scoring.ts; no database read). */
export function computeProgress(
  framework: ScopedFramework,
  scoreInput: Record<string, ScoredAnswer>,
  targets: Record<string, number | null>,
): AssessmentProgress {
  const r = scoreDocument(framework.document, scoreInput, { targets });
  const sections: AssessmentProgress['sections'] = {};
  for (const [key, s] of Object.entries(r.sections)) {
    sections[key] = {
      score: s.score,
      target: s.target,
      gap: s.gap,
      answered: s.answered,
      total: s.total,
    };
  }
  return {
    score: r.overall,
    completion: r.completion,
    answered: r.answered,
    total: r.total,
    sections,
    gaps: r.gaps,
  };
}
