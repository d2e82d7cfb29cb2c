import { MEDIA_LIMITS, MEDIA_PURPOSE_RULES } from '@tenantry/shared';
import type { ImageLimits } from '#web/lib/image-crop.ts';

/** A content image as uploaded: at most the server's box for it (2048 px) and 1 MB. */
export const CONTENT_IMAGE_LIMITS: ImageLimits = {
  maxSide: Math.min(
    MEDIA_LIMITS.maxSide,
    MEDIA_PURPOSE_RULES.content_image.maxWidth,
    MEDIA_PURPOSE_RULES.content_image.maxHeight,
  ),
  maxBytes: MEDIA_LIMITS.maxBytes,
};

/** The largest file an author may pick (the crop is what is uploaded). */
export const CONTENT_IMAGE_PICK_MAX_MB = 20;

/** The markdown that shows a stored image: `![alt](/api/v1/media/<id>)`. */
export function imageMarkdown(url: string, alt = ''): string {
  const safeAlt = alt
    .replace(/[[\]\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `![${safeAlt}](${url})`;
}

/** A file size for people: "312 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
