import type { FormErrors } from '@mantine/form';
import { ApiError } from './api.ts';

/**
 * Shows a 400's field errors (`fields`, keyed like the form's values: `email`,
 * `contacts.0.name`) beside their inputs. Returns whether there were any, so the caller can
 * leave out a general message that would say the same. Where the form's values are shaped
 * unlike the request body, `toFormErrors` moves the server's keys onto the form's fields.
 */
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  err: unknown,
  toFormErrors?: (fields: Record<string, unknown>) => FormErrors,
): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  if (Object.keys(err.fields).length === 0) return false;
  form.setErrors(toFormErrors ? toFormErrors(err.fields) : err.fields);
  return true;
}
