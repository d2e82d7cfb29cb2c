import {
  MEDIA_ERROR_CODES,
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  type MediaInputType,
} from '@tenantry/shared';
import type { Size } from './image-crop.ts';

/**
 * The largest file a person may pick. The web crops and re-encodes it before uploading, so a
 * file over the server's 1 MB is fine; this only keeps the browser from reading a huge file.
 */
export const IMAGE_PICK_MAX_MB = 20;
export const IMAGE_PICK_MAX_BYTES = IMAGE_PICK_MAX_MB * 1024 * 1024;

/** The file picker's `accept`: the types the server takes. */
export const IMAGE_PICK_ACCEPT = MEDIA_INPUT_TYPES.join(',');

const MAX_MEGAPIXELS = Math.round(MEDIA_LIMITS.maxInputPixels / 1_000_000);

export const IMAGE_FILE_MESSAGES = {
  empty: 'The file is empty. Choose a PNG, JPEG or WebP image.',
  tooLarge: `The file is larger than ${IMAGE_PICK_MAX_MB} MB. Choose a smaller image.`,
  notAnImage: 'The file is not a PNG, JPEG or WebP image. Choose one of those.',
  unreadable: 'The image could not be read (it may be damaged). Choose another file.',
  tooManyPixels: `The image has more than ${MAX_MEGAPIXELS} megapixels. Choose a smaller one.`,
  uploadTooLarge: 'The cropped image is still larger than 1 MB. Zoom in or choose another image.',
} as const;

const isInputType = (type: string): type is MediaInputType =>
  (MEDIA_INPUT_TYPES as readonly string[]).includes(type);

/** What the file's size and declared type tell before reading it: why it is refused, or null. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return IMAGE_FILE_MESSAGES.empty;
  if (file.size > IMAGE_PICK_MAX_BYTES) return IMAGE_FILE_MESSAGES.tooLarge;
  if (file.type && !isInputType(file.type)) return IMAGE_FILE_MESSAGES.notAnImage;
  return null;
}

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The image type by content (as the server decides it): PNG, JPEG, WebP, or null. */
export function sniffImageType(head: Uint8Array): MediaInputType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** The checks before the cropper opens: size, declared type, then the first bytes. */
export async function checkImageFile(file: Blob): Promise<string | null> {
  const problem = imageFileProblem(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return sniffImageType(head) ? null : IMAGE_FILE_MESSAGES.notAnImage;
}

/** An image the browser should not be asked to decode: none, or a decompression bomb. */
export function imageSizeProblem(size: Size): string | null {
  if (size.width < 1 || size.height < 1) return IMAGE_FILE_MESSAGES.unreadable;
  if (size.width * size.height > MEDIA_LIMITS.maxInputPixels)
    return IMAGE_FILE_MESSAGES.tooManyPixels;
  return null;
}

/** A refused upload in the person's words: the server's own message, or one for a bare 413. */
export function uploadMessage(err: { status?: number; code?: string; message: string }): string {
  if (err.status === 413 && err.code !== MEDIA_ERROR_CODES.tooLarge) {
    return IMAGE_FILE_MESSAGES.uploadTooLarge;
  }
  return err.message;
}

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
