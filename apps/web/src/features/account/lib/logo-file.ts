import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@tenantry/shared';

/**
 * A quick check before uploading (the server decides by content): the reason a chosen file
 * will be refused, or null.
 */
export function logoFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo may be at most 1 MB.';
  if (file.type && !(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  return null;
}
