import {
  UpdateAssessmentSchema,
  type AssessmentDetail,
  type Locale,
  type UpdateAssessment,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { fromPercent, toPercent } from './start-form.ts';

/** What "Edit details" holds: plain values, as inputs give them. */
export interface EditFormValues {
  name: string;
  /** A member's user id ('' when the owner is no longer a member). */
  ownerId: string;
  /** `YYYY-MM-DD` or empty. */
  dueDate: string;
  /** The client-facing language, or '' for each person's own. */
  language: string;
  /** Per top-level section: percent or '' for none. */
  targets: Record<string, number | string>;
}

export function editValuesOf(a: AssessmentDetail): EditFormValues {
  return {
    name: a.name,
    ownerId: a.owner?.id ?? '',
    dueDate: a.dueDate ?? '',
    language: a.language ?? '',
    targets: Object.fromEntries(Object.entries(a.targets).map(([k, v]) => [k, toPercent(v)])),
  };
}

/** Only what changed (an empty body: nothing to send). */
export function toUpdateBody(a: AssessmentDetail, v: EditFormValues): UpdateAssessment {
  const body: UpdateAssessment = {};
  if (v.name.trim() !== a.name) body.name = v.name.trim();
  if (v.ownerId && v.ownerId !== (a.owner?.id ?? '')) body.ownerId = v.ownerId;
  if ((v.dueDate || null) !== a.dueDate) body.dueDate = v.dueDate || null;
  if ((v.language || null) !== a.language) body.language = (v.language || null) as Locale | null;
  const targets: Record<string, number | null> = {};
  for (const [key, was] of Object.entries(a.targets)) {
    const now = fromPercent(v.targets[key] ?? '');
    const same =
      now === null || was === null ? now === was : Math.round(now * 100) === Math.round(was * 100);
    if (!same) targets[key] = now;
  }
  if (Object.keys(targets).length) body.targets = targets;
  return body;
}

const check = schemaResolver(UpdateAssessmentSchema, { sync: true });

/** The body's errors as the server would give them (empty body aside: nothing to say). */
export function editFormErrors(a: AssessmentDetail, v: EditFormValues): FormErrors {
  const body = toUpdateBody(a, v);
  if (Object.keys(body).length === 0) return {};
  return check(body);
}
