import {
  MEDIA_ERROR_CODES,
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  type MediaInputType,
} from '@tenantry/shared';
import type { Size } from './image-crop.ts';
import { t } from './messages.ts';

// A picked image is checked here before the cropper opens; the crop, re-encoded within the
// upload limits in the browser, is what is uploaded. So a file over the server's 1 MB is fine:
// the largest file a person may pick (each upload says how large) only keeps the browser from
// reading a huge file.

/** The file picker's `accept`: the types the server takes. */
export const IMAGE_PICK_ACCEPT = MEDIA_INPUT_TYPES.join(',');

const MAX_MEGAPIXELS = Math.round(MEDIA_LIMITS.maxInputPixels / 1_000_000);
const UPLOAD_MAX_MB = Math.round(MEDIA_LIMITS.maxBytes / (1024 * 1024));

/** Read when shown (getters): the words are the language's at that moment. */
export const IMAGE_FILE_MESSAGES = {
  get empty() {
    return t('imageFile.empty');
  },
  tooLarge: (maxMb: number) => t('imageFile.tooLarge', { maxMb }),
  get notAnImage() {
    return t('imageFile.notAnImage');
  },
  get unreadable() {
    return t('imageFile.unreadable');
  },
  get tooManyPixels() {
    return t('imageFile.tooManyPixels', { megapixels: MAX_MEGAPIXELS });
  },
  get uploadTooLarge() {
    return t('imageFile.uploadTooLarge', { mb: UPLOAD_MAX_MB });
  },
};

const isInputType = (type: string): type is MediaInputType =>
  (MEDIA_INPUT_TYPES as readonly string[]).includes(type);

/**
 * What can be told from the file's size and declared type before reading it: the reason it is
 * refused, or null. An undeclared type passes (the content decides, see `sniffImageType`).
 */
export function imageFileProblem(
  file: Pick<File, 'size' | 'type'>,
  pickMaxMb: number,
): string | null {
  if (file.size === 0) return IMAGE_FILE_MESSAGES.empty;
  if (file.size > pickMaxMb * 1024 * 1024) return IMAGE_FILE_MESSAGES.tooLarge(pickMaxMb);
  if (file.type && !isInputType(file.type)) return IMAGE_FILE_MESSAGES.notAnImage;
  return null;
}

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The image type by content (as the server decides it): PNG, JPEG, WebP, or null. */
export function sniffImageType(head: Uint8Array): MediaInputType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** The checks before the cropper opens: size, declared type, then the first bytes. */
export async function checkImageFile(file: Blob, pickMaxMb: number): Promise<string | null> {
  const problem = imageFileProblem(file, pickMaxMb);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : IMAGE_FILE_MESSAGES.notAnImage;
}

/** An image the browser should not be asked to decode: none, or a decompression bomb. */
export function imageSizeProblem(size: Size): string | null {
  if (size.width < 1 || size.height < 1) return IMAGE_FILE_MESSAGES.unreadable;
  if (size.width * size.height > MEDIA_LIMITS.maxInputPixels) {
    return IMAGE_FILE_MESSAGES.tooManyPixels;
  }
  return null;
}

/**
 * The message for a refused upload, shown beside the control: the server's own for a 400 and
 * for its `media.too_large`; any other 413 (the raw body limit answers `common.bad_request`)
 * says the same thing in the person's words.
 */
export function uploadMessage(err: { status?: number; code?: string; message: string }): string {
  if (err.status === 413 && err.code !== MEDIA_ERROR_CODES.tooLarge) {
    return IMAGE_FILE_MESSAGES.uploadTooLarge;
  }
  return err.message;
}
