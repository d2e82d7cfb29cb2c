import type { ContentScope } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadImage } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { ContentMediaSchema, type ContentMedia } from './list-media.ts';

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
  return uploadImage(
    '/api/v1/content/media',
    { blob: image, name: `${name}.${EXTENSIONS[image.type] ?? 'bin'}` },
    ContentMediaSchema,
    { scope },
  );
}

export function useUploadMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: (media) => qc.invalidateQueries({ queryKey: contentKeys.media(media.scope) }),
  });
}
