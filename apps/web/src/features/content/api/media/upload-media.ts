import { ErrorBodySchema, MEDIA_ERROR_CODES, type ContentScope } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, networkError } from '#web/lib/api.ts';
import { ContentMediaSchema, type ContentMedia } from './list-media.ts';
import { contentKeys } from '../content-keys.ts';

export interface UploadMediaInput {
  image: Blob;
  scope: ContentScope;
  /** The file name sent (its extension follows the encoded type). */
  name?: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** POST /api/v1/content/media (multipart: `file`, `scope`). The server re-encodes the image. */
export async function uploadMedia({
  image,
  scope,
  name = 'image',
}: UploadMediaInput): Promise<ContentMedia> {
  const form = new FormData();
  form.append('scope', scope);
  form.append('file', image, `${name}.${EXTENSIONS[image.type] ?? 'bin'}`);
  let res: Response;
  try {
    res = await fetch('/api/v1/content/media', {
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
  const parsed = ContentMediaSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'common.bad_response',
      'Something went wrong. Please try again.',
    );
  }
  return parsed.data;
}

export function useUploadMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: (media) => qc.invalidateQueries({ queryKey: contentKeys.media(media.scope) }),
  });
}
