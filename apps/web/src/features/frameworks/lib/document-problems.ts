import { parseFrameworkDocument, type DocumentProblem } from '@tenantry/shared';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '#web/lib/api.ts';
import { refOfPath, type NodeRef } from './framework-tree.ts';
import { t } from '../messages.ts';

/** The code of a framework file with problems (400; `fields` maps each path to one). */
export const INVALID_DOCUMENT_CODE = 'content.invalid_document';

/** A problem's path in the file as the editor form's path: `sections[2].key` → `sections.2.key`. */
export function toFormPath(documentPath: string): string {
  if (documentPath === '(document)') return '';
  return documentPath.replace(/\[(\d+)\]/g, '.$1');
}

/** A new question took a key a published version used (409; `fields` by path, like 400). */
export const KEY_REUSED_CODE = 'content.key_reused';

/**
 * The problems of an `invalid_document` (or `key_reused`) answer, in the server's order; null
 * for other errors.
 */
export function problemsOfError(err: unknown): DocumentProblem[] | null {
  if (!(err instanceof ApiError)) return null;
  const invalid = err.status === 400 && err.code === INVALID_DOCUMENT_CODE;
  const reused = err.status === 409 && err.code === KEY_REUSED_CODE;
  if (!invalid && !reused) return null;
  return Object.entries(err.fields).map(([path, message]) => ({ path, message }));
}

/** Document problems as form errors, keyed by form path (several on one path are joined). */
export function problemsToFormErrors(problems: readonly DocumentProblem[]): FormErrors {
  const errors: Record<string, string> = {};
  for (const p of problems) {
    const key = toFormPath(p.path) || 'format';
    errors[key] = errors[key] ? `${errors[key]}; ${p.message}` : p.message;
  }
  return errors;
}

/** The editor's validator: the whole document checked as the server checks it. */
export function documentErrors(values: unknown): FormErrors {
  const parsed = parseFrameworkDocument(values);
  return parsed.ok ? {} : problemsToFormErrors(parsed.problems);
}

/** The error at `path` or anywhere below it (`options` also shows `options.1.score`). */
export function errorAt(errors: FormErrors, path: string): string | undefined {
  const own = errors[path];
  if (own) return String(own);
  const prefix = `${path}.`;
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key ? String(errors[key]) : undefined;
}

export interface ProblemCounts {
  /** Problems in the node's own fields, by node ('' is the framework itself). */
  own: Map<NodeRef, number>;
  /** Problems in a section and everything in it. */
  within: Map<NodeRef, number>;
}

/** Where the form's errors are in the tree. */
export function countProblems(errors: FormErrors): ProblemCounts {
  const own = new Map<NodeRef, number>();
  const within = new Map<NodeRef, number>();
  for (const path of Object.keys(errors)) {
    if (!errors[path]) continue;
    const ref = refOfPath(path);
    own.set(ref, (own.get(ref) ?? 0) + 1);
    const parts = ref.split('.');
    // Every section from the top down to the node itself.
    for (let i = 2; i <= parts.length; i += 2) {
      if (parts[i - 2] !== 'sections') break;
      const above = parts.slice(0, i).join('.');
      within.set(above, (within.get(above) ?? 0) + 1);
    }
  }
  return { own, within };
}

/** A file's field name in words (a field not listed is named by its own name). */
const fieldLabel = (name: string): string =>
  (
    ({
      format: t('problems.field.format'),
      key: t('problems.field.key'),
      name: t('problems.field.name'),
      title: t('problems.field.title'),
      summary: t('problems.field.summary'),
      description: t('problems.field.description'),
      guidance: t('problems.field.guidance'),
      weight: t('problems.field.weight'),
      tags: t('problems.field.tags'),
      target: t('problems.field.target'),
      type: t('problems.field.type'),
      naAllowed: t('problems.field.naAllowed'),
      playbooks: t('problems.field.playbooks'),
      levels: t('problems.field.levels'),
      options: t('problems.field.options'),
      label: t('problems.field.label'),
      score: t('problems.field.score'),
      unit: t('problems.field.unit'),
      bands: t('problems.field.bands'),
      min: t('problems.field.min'),
      source: t('problems.field.source'),
      publisher: t('problems.field.publisher'),
      url: t('problems.field.url'),
      license: t('problems.field.license'),
      sections: t('problems.field.sections'),
      questions: t('problems.field.questions'),
    }) as Record<string, string>
  )[name] ?? name;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function keyOf(v: unknown): string | null {
  return isRecord(v) && typeof v.key === 'string' && v.key.trim() ? v.key : null;
}

/**
 * Where a problem is, in words, read from the file itself: `sections[0].questions[2].options[1].score`
 * → `Section GV › question GV.OC-03 › option 2 › score`. Parts the file lacks are named by
 * their position.
 */
export function describeProblemPath(document: unknown, path: string): string {
  if (path === '(document)' || path === '') return t('problems.path.wholeFile');
  const tokens: Array<string | number> = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) tokens.push(Number(m[2]));
    else if (m[1] !== undefined) tokens.push(m[1]);
  }
  const parts: string[] = [];
  let here: unknown = document;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string | number;
    const next = tokens[i + 1];
    if (typeof token === 'string' && typeof next === 'number') {
      const list = isRecord(here) ? here[token] : undefined;
      const item = Array.isArray(list) ? (list[next] as unknown) : undefined;
      const key = keyOf(item);
      switch (token) {
        case 'sections':
          parts.push(t('problems.path.section', { key: key ?? next + 1 }));
          break;
        case 'questions':
          parts.push(t('problems.path.question', { key: key ?? next + 1 }));
          break;
        case 'options':
          parts.push(
            key
              ? t('problems.path.optionKey', { number: next + 1, key })
              : t('problems.path.option', { number: next + 1 }),
          );
          break;
        case 'bands':
          parts.push(t('problems.path.band', { number: next + 1 }));
          break;
        case 'levels':
          parts.push(t('problems.path.level', { level: next }));
          break;
        case 'tags':
          parts.push(t('problems.path.tag', { number: next + 1 }));
          break;
        case 'playbooks':
          parts.push(t('problems.path.playbook', { number: next + 1 }));
          break;
        default:
          parts.push(t('problems.path.field', { field: fieldLabel(token), number: next + 1 }));
      }
      here = item;
      i++;
      continue;
    }
    parts.push(
      typeof token === 'number'
        ? t('problems.path.item', { number: token + 1 })
        : fieldLabel(token),
    );
    here = isRecord(here) && typeof token === 'string' ? here[token] : undefined;
  }
  if (parts.length > 0 && !path.startsWith('sections')) parts.unshift(t('problems.path.framework'));
  const text = parts.join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
