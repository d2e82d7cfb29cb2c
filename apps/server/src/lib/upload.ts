import type { Context } from 'hono';
import { AppError } from './errors.ts';

export interface Upload {
  /** The file's bytes: the first file of a multipart body, else the raw body. */
  bytes: Uint8Array;
  /** The text fields of a multipart body (empty for a raw body). */
  fields: Record<string, string>;
}

/**
 * The one reader of an uploaded file. `maxBytes` is checked on the file's declared size before
 * it is read (the API's body limit caps the request itself); `tooLarge` is the error to throw.
 */
export async function readUpload(
  c: Context,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<Upload> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return { bytes: new Uint8Array(await c.req.arrayBuffer()), fields: {} };
  }
  let form: FormData;
  try {
    form = await c.req.formData(); // cached: a validator may have read it already
  } catch {
    throw new AppError('common.bad_request', 400, 'The upload could not be read.');
  }
  const fields: Record<string, string> = {};
  let file: File | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] ??= value;
    else file ??= value;
  }
  if (!file) {
    throw new AppError('common.validation', 400, 'Choose an image file to upload.', {
      file: 'No file was sent.',
    });
  }
  if (file.size > maxBytes) throw tooLarge();
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}
