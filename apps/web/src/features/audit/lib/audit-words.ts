/**
 * The parts of the audit log's sentences (audit-labels.ts): the fields an entry names, how a
 * sign-in was made or why it was refused, a plan's name.
 */
import {
  PLANS,
  TASK_STATUSES,
  type AuditEntry,
  type PlanId,
  type TaskStatus,
} from '@tenantry/shared';
import { taskStatusLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** A task's status as the screens name it ("In progress"); an unknown one as it is. */
export const taskStatus = (v: unknown): string =>
  (TASK_STATUSES as readonly string[]).includes(str(v))
    ? taskStatusLabel(str(v) as TaskStatus)
    : str(v);

/** The fields an entry may name, each with its words ("the due date"). */
const FIELDS = new Set([
  'name',
  'industry',
  'size',
  'contacts',
  'tags',
  'notes',
  'ownerId',
  'dueDate',
  'targets',
  'title',
  'description',
  'priority',
  'assigneeId',
  'status',
  'riskReason',
  'riskReviewDate',
] as const);
type Field = typeof FIELDS extends Set<infer F> ? F : never;

/** A field's words; an unknown field as it is. */
const fieldWords = (f: string): string => (FIELDS.has(f as Field) ? t(`field.${f as Field}`) : f);

/** `['name', 'tags']` → "the name and the tags". */
export function fieldList(v: unknown): string {
  const words = (Array.isArray(v) ? v : []).map((f) => fieldWords(String(f)));
  if (words.length === 0) return t('field.none');
  if (words.length === 1) return words[0]!;
  return t('field.list', { others: words.slice(0, -1).join(', '), last: words[words.length - 1]! });
}

export type Describe = (data: AuditEntry['data']) => string;

/** How a sign-in was made (`data.method` of the security events). */
const SIGN_IN_METHODS = {
  password: 'signIn.method.password',
  sign_up_code: 'signIn.method.signUpCode',
  shared_code: 'signIn.method.sharedCode',
  email_link: 'signIn.method.emailLink',
  passkey: 'signIn.method.passkey',
  support: 'signIn.method.support',
  sso: 'signIn.method.sso',
} as const;
/** The second factor a sign-in gave (`data.secondFactor`). */
const SECOND_FACTORS = {
  totp: 'signIn.factor.totp',
  backup_code: 'signIn.factor.backupCode',
  passkey: 'signIn.factor.passkey',
} as const;
/** Why a sign-in was refused (`data.reason` of `auth.sign_in_failed`). */
const SIGN_IN_FAILURES = {
  invalid_credentials: 'signIn.failure.invalidCredentials',
  email_not_verified: 'signIn.failure.emailNotVerified',
  user_disabled: 'signIn.failure.userDisabled',
  invalid_code: 'signIn.failure.invalidCode',
  invalid_second_factor: 'signIn.failure.invalidSecondFactor',
  sso_domain_not_covered: 'signIn.failure.ssoDomainNotCovered',
  code_expired: 'signIn.failure.codeExpired',
  too_many_attempts: 'signIn.failure.tooManyAttempts',
} as const;

/** A code's words from one of the tables above; an unknown code as it is. */
function wordsOf<T extends Record<string, Parameters<typeof t>[0]>>(table: T, v: unknown): string {
  const code = str(v);
  return Object.hasOwn(table, code) ? t(table[code]!) : code;
}

/** A successful sign-in: who, how, and with which second factor. */
export function signedIn(d: AuditEntry['data']): string {
  const who = str(d.email) || t('signIn.someone');
  const method = wordsOf(SIGN_IN_METHODS, d.method);
  const factor = wordsOf(SECOND_FACTORS, d.secondFactor);
  if (!method) return t('entry.auth.signedIn', { who });
  return factor
    ? t('entry.auth.signedInWithFactor', { who, method, factor })
    : t('entry.auth.signedInWith', { who, method });
}

/** A refused sign-in: as whom, how, and why. */
export function signInFailed(d: AuditEntry['data']): string {
  const who = str(d.email) || t('signIn.someoneElse');
  const method = wordsOf(SIGN_IN_METHODS, d.method);
  const reason = d.reason ? wordsOf(SIGN_IN_FAILURES, d.reason) : '';
  if (method && d.reason) return t('entry.auth.signInFailedWithBecause', { who, method, reason });
  if (method) return t('entry.auth.signInFailedWith', { who, method });
  if (d.reason) return t('entry.auth.signInFailedBecause', { who, reason });
  return t('entry.auth.signInFailed', { who });
}

/** A plan's name for an id an entry carries (the id itself when unknown). */
export function planName(id: unknown): string {
  return typeof id === 'string' && id in PLANS ? PLANS[id as PlanId].name : str(id);
}
