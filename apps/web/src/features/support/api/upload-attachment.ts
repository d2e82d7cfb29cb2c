import { ErrorBodySchema, MEDIA_ERROR_CODES, SupportUploadSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, networkError } from '#web/lib/api.ts';

/** POST /api/v1/support/attachments (multipart `file`): the stored screenshot's id. */
export async function uploadAttachment(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name || 'screenshot');
  let res: Response;
  try {
    res = await fetch('/api/v1/support/attachments', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw networkError();
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields, requestId } = parsed.data.error;
      throw new ApiError(res.status, code, message, fields ?? {}, requestId);
    }
    throw new ApiError(
      res.status,
      res.status === 413 ? MEDIA_ERROR_CODES.tooLarge : 'common.bad_request',
      res.status === 413 ? 'The image may be at most 1 MB.' : 'The image could not be uploaded.',
    );
  }
  const parsed = SupportUploadSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'common.bad_response',
      'Something went wrong. Please try again.',
    );
  }
  return parsed.data.id;
}

export const useUploadAttachment = () => useMutation({ mutationFn: uploadAttachment });
