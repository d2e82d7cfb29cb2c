import type { FrameworkDocument } from '@tenantry/shared';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { documentErrors } from './document-problems.ts';

/**
 * The editor's one form: the whole framework document, every field at its path in the
 * document (`sections.0.questions.3.title`), checked by `documentErrors` (the server's rules).
 */
export type FrameworkForm = UseFormReturnType<FrameworkDocument>;

/** Input props for a field named by a path built at run time. */
export function fieldProps(form: FrameworkForm, path: string): GetInputPropsReturnType {
  return form.getInputProps(path as never);
}

/** Sets a field named by a path built at run time. */
export function setField(form: FrameworkForm, path: string, value: unknown): void {
  form.setFieldValue(path as never, value as never);
}

/**
 * Changes a list (options, bands, sections): items move, so problems shown by position would
 * point at the wrong ones; when problems are shown, they are checked again.
 */
export function setList(form: FrameworkForm, path: string, value: unknown): void {
  const shown = Object.keys(form.errors).length > 0;
  setField(form, path, value);
  if (shown) form.setErrors(documentErrors(form.getValues()));
}
