import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  MEDIA_ERROR_CODES,
  MEDIA_LIMITS,
  type LogoContentType,
} from '@tenantry/shared';
import type { Size } from './logo-crop.ts';

/**
 * The largest file a person may pick. The web crops it and re-encodes it within the logo box
 * before uploading, so a file over the server's 1 MB is fine; this only keeps the browser from
 * reading a huge file.
 */
export const LOGO_PICK_MAX_MB = 15;
export const LOGO_PICK_MAX_BYTES = LOGO_PICK_MAX_MB * 1024 * 1024;

/** The file picker's `accept`: the types the server takes. */
export const LOGO_PICK_ACCEPT = LOGO_CONTENT_TYPES.join(',');

const MAX_MEGAPIXELS = Math.round(MEDIA_LIMITS.maxInputPixels / 1_000_000);
const UPLOAD_MAX_MB = Math.round(LOGO_MAX_BYTES / (1024 * 1024));

export const LOGO_FILE_MESSAGES = {
  empty: 'The file is empty. Choose a PNG, JPEG or WebP image.',
  tooLarge: `The file is larger than ${LOGO_PICK_MAX_MB} MB. Choose a smaller image.`,
  notAnImage: 'The file is not a PNG, JPEG or WebP image. Choose one of those.',
  unreadable: 'The image could not be read (it may be damaged). Choose another file.',
  tooManyPixels: `The image has more than ${MAX_MEGAPIXELS} megapixels. Choose a smaller one.`,
  uploadTooLarge: `The cropped image is still larger than ${UPLOAD_MAX_MB} MB. Zoom in or choose another image.`,
} as const;

const isLogoType = (type: string): type is LogoContentType =>
  (LOGO_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * What can be told from the file's size and declared type before reading it: the reason it is
 * refused, or null. An undeclared type passes (the content decides, see `sniffImageType`).
 */
export function logoFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return LOGO_FILE_MESSAGES.empty;
  if (file.size > LOGO_PICK_MAX_BYTES) return LOGO_FILE_MESSAGES.tooLarge;
  if (file.type && !isLogoType(file.type)) return LOGO_FILE_MESSAGES.notAnImage;
  return null;
}

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The image type by content (as the server decides it): PNG, JPEG, WebP, or null. */
export function sniffImageType(head: Uint8Array): LogoContentType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** The checks before the cropper opens: size, declared type, then the first bytes. */
export async function checkLogoFile(file: Blob): Promise<string | null> {
  const problem = logoFileProblem(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : LOGO_FILE_MESSAGES.notAnImage;
}

/** An image the browser should not be asked to decode: none, or a decompression bomb. */
export function imageSizeProblem(size: Size): string | null {
  if (size.width < 1 || size.height < 1) return LOGO_FILE_MESSAGES.unreadable;
  if (size.width * size.height > MEDIA_LIMITS.maxInputPixels) {
    return LOGO_FILE_MESSAGES.tooManyPixels;
  }
  return null;
}

/**
 * The message for a refused upload, shown beside the control: the server's own for a 400 and
 * for its `media.too_large`; any other 413 (the raw body limit answers `common.bad_request`)
 * says the same thing in the person's words.
 */
export function logoUploadMessage(err: { status?: number; code?: string; message: string }) {
  if (err.status === 413 && err.code !== MEDIA_ERROR_CODES.tooLarge) {
    return LOGO_FILE_MESSAGES.uploadTooLarge;
  }
  return err.message;
}
