import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, fieldsFromIssues } from './errors.ts';

export interface Upload<F> {
  /** The file's bytes: the first file of a multipart body, else the raw body. */
  bytes: Uint8Array;
  /** The upload's text fields, validated: a multipart body's, over the query's. */
  fields: F;
}

const binary = { type: 'string', format: 'binary' } as const;

/**
 * The request body of an upload route as the OpenAPI document shows it and `readUpload` reads
 * it: the raw image (`Content-Type` one of `types`), or `multipart/form-data` with the image as
 * `file` beside the text `fields` (for a raw image they go in the query, which the route
 * declares with the same schema). The multipart schema is shown, not handed to the route's
 * validator: @hono/zod-openapi would validate every body as that form, reading a raw image as
 * an empty one and refusing it. `readUpload` validates the fields of both forms instead.
 */
export function uploadBody(types: readonly string[], fields?: z.ZodObject) {
  const shown = fields
    ? (z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: { file: binary, ...shown.properties },
          required: ['file', ...(shown.required ?? [])],
        },
      },
      ...Object.fromEntries(types.map((type) => [type, { schema: binary }])),
    },
  };
}

export interface UploadOptions<F extends z.ZodObject> {
  /** Checked on the file's declared size before it is read (the API's body limit caps the request itself). */
  maxBytes: number;
  /** The error to throw over `maxBytes`. */
  tooLarge: () => AppError;
  /** The text fields (as given to `uploadBody`); none when left out. */
  fields?: F;
}

/**
 * The one reader of an uploaded file, in either form `uploadBody` declares: a multipart body
 * (its first file, its text fields over the query's) or the raw body (whatever its declared
 * type: the image is recognised by content later; its fields from the query). The fields are
 * validated by `opts.fields` (400 `common.validation` naming each).
 */
export async function readUpload<F extends z.ZodObject = z.ZodObject<Record<string, never>>>(
  c: Context,
  opts: UploadOptions<F>,
): Promise<Upload<z.output<F>>> {
  const type = c.req.header('content-type') ?? '';
  const given: Record<string, string> = { ...c.req.query() };
  let bytes: Uint8Array;
  if (!/^multipart\/form-data/i.test(type)) {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } else {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new AppError('common.bad_request', 400, 'The upload could not be read.');
    }
    let file: File | undefined;
    const own: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') own[name] ??= value;
      else file ??= value;
    }
    Object.assign(given, own);
    if (!file) {
      throw new AppError('common.validation', 400, 'Choose an image file to upload.', {
        file: 'No file was sent.',
      });
    }
    if (file.size > opts.maxBytes) throw opts.tooLarge();
    bytes = new Uint8Array(await file.arrayBuffer());
  }
  const parsed = (opts.fields ?? z.object({})).safeParse(given);
  if (!parsed.success) {
    throw new AppError(
      'common.validation',
      400,
      'Some of the data sent is not valid.',
      fieldsFromIssues(parsed.error.issues),
    );
  }
  return { bytes, fields: parsed.data as z.output<F> };
}
