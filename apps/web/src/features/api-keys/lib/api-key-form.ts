/** The "Create key" form: plain values as the inputs give them, checked by the shared rules. */
import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  CreateApiKeySchema,
  type ApiKeyScope,
  type CreateApiKey,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { t } from '../messages.ts';

export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  /** A client tenant's id, '' for every client tenant. */
  tenantId: string;
  /** `YYYY-MM-DD` (the last day the key works), '' for a key that does not expire. */
  expiresOn: string;
}

export const EMPTY_API_KEY_FORM: ApiKeyFormValues = {
  name: '',
  scopes: [],
  tenantId: '',
  expiresOn: '',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` as a local date, or null when it is no date. */
function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getDate() === Number(m[3]) ? date : null;
}

/** `YYYY-MM-DD` of a local date. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * When a key that works through `day` (local time) stops: the start of the next day, as an
 * ISO instant. Null for no day.
 */
export function expiryInstant(day: string): string | null {
  const date = parseDay(day);
  if (!date) return null;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).toISOString();
}

/** The range of days the expiry input offers: today to `API_KEY_LIMITS.maxDays` ahead. */
export function expiryRange(now: number = Date.now()): { min: string; max: string } {
  // One day short of the limit, so the end of the last day stays within it.
  return {
    min: dayOf(new Date(now)),
    max: dayOf(new Date(now + (API_KEY_LIMITS.maxDays - 1) * DAY_MS)),
  };
}

export function toCreateBody(v: ApiKeyFormValues): CreateApiKey {
  return {
    name: v.name.trim(),
    // In the order of API_KEY_SCOPES, whatever order they were ticked in.
    scopes: API_KEY_SCOPES.filter((s) => v.scopes.includes(s)),
    tenantId: v.tenantId || null,
    expiresAt: v.expiresOn ? expiryInstant(v.expiresOn) : null,
  };
}

/**
 * Errors keyed by the form's fields: the request's `expiresAt` is the form's `expiresOn`, and
 * a scope's (`scopes.1`) shows on the scopes. Used for the server's `fields` too.
 */
export function toFormErrors(errors: Record<string, unknown>): FormErrors {
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('scopes')
      ? 'scopes'
      : key.startsWith('expiresAt')
        ? 'expiresOn'
        : key.startsWith('tenantId')
          ? 'tenantId'
          : key;
    out[field] ??= message as FormErrors[string];
  }
  return out;
}

const checkCreate = schemaResolver(CreateApiKeySchema, { sync: true });

/** The form's errors: what the server would say, and an expiry in the past or too far ahead. */
export function apiKeyFormErrors(v: ApiKeyFormValues, now: number = Date.now()): FormErrors {
  const errors = toFormErrors(checkCreate(toCreateBody(v)));
  if (v.expiresOn && !errors.expiresOn) {
    const { min, max } = expiryRange(now);
    if (!parseDay(v.expiresOn)) errors.expiresOn = t('create.expiry.invalid');
    else if (v.expiresOn < min) errors.expiresOn = t('create.expiry.past');
    else if (v.expiresOn > max) {
      errors.expiresOn = t('create.expiry.tooFar', { maxDays: String(API_KEY_LIMITS.maxDays) });
    }
  }
  return errors;
}
