import type { FormErrors } from '@mantine/form';
import { ApiError } from './api.ts';

/**
 * Shows a 400's field errors (`fields`, keyed like the form's values: `email`,
 * `contacts.0.name`) beside their inputs. Returns whether there were any, so the caller can
 * leave out a general message that would say the same.
 */
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  err: unknown,
): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  if (Object.keys(err.fields).length === 0) return false;
  form.setErrors(err.fields);
  return true;
}
