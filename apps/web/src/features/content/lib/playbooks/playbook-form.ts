import {
  FRAMEWORK_KEY_PATTERN,
  FRAMEWORK_LIMITS,
  type Playbook,
  type PlaybookPriority,
  type SavePlaybook,
  type StepEffort,
} from '@tenantry/shared';

/** One step as the form holds it; `uid` keeps it apart while it moves (never sent). */
export interface StepValues {
  uid: string;
  title: string;
  body: string;
  effort: StepEffort;
  ownerRole: string;
}

export interface PlaybookFormValues {
  title: string;
  summary: string;
  priority: PlaybookPriority;
  tags: string[];
  steps: StepValues[];
}

let nextUid = 0;
/** A key for a step in this page's life (React keys, drag and drop). */
export const stepUid = () => `step-${++nextUid}`;

export function newStep(): StepValues {
  return { uid: stepUid(), title: '', body: '', effort: 'M', ownerRole: '' };
}

export function formValuesOf(p: Playbook): PlaybookFormValues {
  return {
    title: p.title,
    summary: p.summary,
    priority: p.priority,
    tags: p.tags,
    steps: p.steps.map((s) => ({ uid: stepUid(), ...s })),
  };
}

/** The PUT body: the form's content on `revision`; tags trimmed, lower-cased, unique. */
export function toSaveBody(v: PlaybookFormValues, revision: number): SavePlaybook {
  return {
    revision,
    title: v.title.trim(),
    summary: v.summary.trim(),
    priority: v.priority,
    tags: [...new Set(v.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))],
    steps: v.steps.map(({ title, body, effort, ownerRole }) => ({
      title: title.trim(),
      body,
      effort,
      ownerRole: ownerRole.trim(),
    })),
  };
}

/** The list with the item at `from` moved to `to` (both kept inside the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.min(Math.max(0, to), out.length - 1);
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

/**
 * A key from a title: `Patch management` → `patch-management` (what the key field suggests
 * until the author types their own).
 */
export function keyFromTitle(title: string): string {
  const key = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, FRAMEWORK_LIMITS.key)
    .replace(/-+$/g, '');
  return FRAMEWORK_KEY_PATTERN.test(key) ? key : '';
}
