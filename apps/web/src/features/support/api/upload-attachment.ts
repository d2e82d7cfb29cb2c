import { SupportUploadSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '#web/lib/api.ts';

/** POST /api/v1/support/attachments (multipart `file`): the stored screenshot's id. */
export async function uploadAttachment(file: File): Promise<string> {
  const stored = await uploadImage(
    '/api/v1/support/attachments',
    { blob: file, name: file.name || 'screenshot' },
    SupportUploadSchema,
  );
  return stored.id;
}

export const useUploadAttachment = () => useMutation({ mutationFn: uploadAttachment });
