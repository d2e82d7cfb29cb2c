import type { Playbook, PlaybookPriority, SavePlaybook, StepEffort } from '@tenantry/shared';
import { normaliseTags } from '#web/lib/content/content-fields.ts';

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
    tags: normaliseTags(v.tags),
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
