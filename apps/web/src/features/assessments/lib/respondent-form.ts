import {
  CreateRespondentSchema,
  type CreateRespondent,
  type Respondent,
  type Section,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { t } from '../messages.ts';

/** What "Add respondent" holds. */
export interface RespondentFormValues {
  name: string;
  email: string;
  /** Section keys of the assessment; none: the whole assessment. */
  sections: string[];
  /** `YYYY-MM-DD` (the link works through that day) or empty for the default 30 days. */
  expiresOn: string;
  sendEmail: boolean;
}

export const EMPTY_RESPONDENT_FORM: RespondentFormValues = {
  name: '',
  email: '',
  sections: [],
  expiresOn: '',
  sendEmail: true,
};

/** The end of a calendar day in the reader's time zone, as an ISO time. */
export function endOfDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T23:59:59`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function toRespondentBody(v: RespondentFormValues): CreateRespondent {
  const expiresAt = v.expiresOn ? endOfDay(v.expiresOn) : undefined;
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    sections: v.sections.length ? v.sections : null,
    ...(expiresAt ? { expiresAt } : {}),
    sendEmail: v.sendEmail,
  };
}

const check = schemaResolver(CreateRespondentSchema, { sync: true });

/** The form's errors as the server would give them; `expiresAt` shows on the date. */
export function respondentFormErrors(v: RespondentFormValues, today: string): FormErrors {
  const errors: FormErrors = { ...check(toRespondentBody(v)) };
  if (v.expiresOn && !endOfDay(v.expiresOn))
    errors.expiresOn = t('respondents.form.expires.badDate');
  else if (v.expiresOn && v.expiresOn < today)
    errors.expiresOn = t('respondents.form.expires.past');
  if (errors.expiresAt) {
    errors.expiresOn ??= errors.expiresAt;
    delete errors.expiresAt;
  }
  return errors;
}

/** The sections a respondent may be limited to: every section of the scoped document. */
export function sectionChoices(
  sections: readonly Section[],
  depth = 0,
  into: Array<{ value: string; label: string }> = [],
) {
  for (const s of sections) {
    into.push({ value: s.key, label: `${'— '.repeat(depth)}${s.key} ${s.title}` });
    sectionChoices(s.sections, depth + 1, into);
  }
  return into;
}

/**
 * What may be done with a respondent's link: a new one (also restores a revoked respondent)
 * while the assessment is open and they have not submitted; revoking until it is revoked.
 */
export function respondentActions(r: Pick<Respondent, 'status'>, locked: boolean) {
  return { resend: !locked && r.status !== 'submitted', revoke: r.status !== 'revoked' };
}
