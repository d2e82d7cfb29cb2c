import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  IMAGE_FILE_MESSAGES,
  IMAGE_PICK_ACCEPT,
  checkImageFile,
  imageFileProblem,
  imageSizeProblem,
  sniffImageType,
  uploadMessage,
} from './image-file.ts';

const MB = 1024 * 1024;
/** A pick limit (the account logo takes 15 MB, a content image 20 MB). */
const MAX_MB = 15;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0];

const file = (bytes: number[], type: string, name = 'logo') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('imageFileProblem', () => {
  it('takes PNG, JPEG and WebP files up to the pick limit, also over the server’s 1 MB', () => {
    expect(IMAGE_PICK_ACCEPT).toBe('image/png,image/jpeg,image/webp');
    expect(imageFileProblem({ size: 200_000, type: 'image/png' }, MAX_MB)).toBeNull();
    expect(imageFileProblem({ size: 5 * MB, type: 'image/jpeg' }, MAX_MB)).toBeNull();
    expect(imageFileProblem({ size: MAX_MB * MB, type: 'image/webp' }, MAX_MB)).toBeNull();
  });

  it('refuses an empty file and one over the pick limit, naming the limit', () => {
    expect(imageFileProblem({ size: 0, type: 'image/png' }, MAX_MB)).toBe(
      IMAGE_FILE_MESSAGES.empty,
    );
    expect(imageFileProblem({ size: MAX_MB * MB + 1, type: 'image/png' }, MAX_MB)).toBe(
      'The file is larger than 15 MB. Choose a smaller image.',
    );
    expect(imageFileProblem({ size: 20 * MB + 1, type: 'image/png' }, 20)).toBe(
      'The file is larger than 20 MB. Choose a smaller image.',
    );
  });

  it('refuses a file declared as something else; an undeclared type is left to the content', () => {
    const problem = (type: string) => imageFileProblem({ size: 10, type }, MAX_MB);
    expect(problem('application/pdf')).toBe(IMAGE_FILE_MESSAGES.notAnImage);
    expect(problem('image/gif')).toBe(IMAGE_FILE_MESSAGES.notAnImage);
    expect(problem('image/svg+xml')).toBe(IMAGE_FILE_MESSAGES.notAnImage);
    expect(problem('')).toBeNull();
  });
});

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(WEBP))).toBe('image/webp');
  });

  it('knows nothing else, nor a file too short to tell', () => {
    expect(sniffImageType(new Uint8Array(GIF))).toBeNull();
    expect(
      sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBe(null);
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
    // RIFF without WEBP (a WAV file).
    expect(sniffImageType(new Uint8Array([...WEBP.slice(0, 8), 0x57, 0x41, 0x56, 0x45]))).toBe(
      null,
    );
  });
});

describe('checkImageFile', () => {
  it('passes an image, whatever it is called or declared as', async () => {
    expect(await checkImageFile(file(PNG, 'image/png'), MAX_MB)).toBeNull();
    expect(await checkImageFile(file(WEBP, ''), MAX_MB)).toBeNull();
    expect(await checkImageFile(file(JPEG, 'image/png', 'photo.png'), MAX_MB)).toBeNull();
  });

  it('refuses a file that only claims to be an image', async () => {
    expect(
      await checkImageFile(file([...new TextEncoder().encode('hello')], 'image/png'), MAX_MB),
    ).toBe(IMAGE_FILE_MESSAGES.notAnImage);
    expect(await checkImageFile(file(GIF, ''), MAX_MB)).toBe(IMAGE_FILE_MESSAGES.notAnImage);
  });

  it('refuses by size and declared type before reading', async () => {
    expect(await checkImageFile(file([], 'image/png'), MAX_MB)).toBe(IMAGE_FILE_MESSAGES.empty);
    expect(await checkImageFile(file(PNG, 'text/plain'), MAX_MB)).toBe(
      IMAGE_FILE_MESSAGES.notAnImage,
    );
  });
});

describe('imageSizeProblem', () => {
  it('takes an image up to 40 megapixels', () => {
    expect(imageSizeProblem({ width: 800, height: 600 })).toBeNull();
    expect(imageSizeProblem({ width: 8000, height: 5000 })).toBeNull();
  });

  it('refuses a larger one (a decompression bomb) and one without pixels', () => {
    expect(imageSizeProblem({ width: 8001, height: 5000 })).toBe(
      'The image has more than 40 megapixels. Choose a smaller one.',
    );
    expect(imageSizeProblem({ width: 0, height: 0 })).toBe(IMAGE_FILE_MESSAGES.unreadable);
  });
});

describe('uploadMessage', () => {
  it('shows the server’s message for a 400 and for its media.too_large', () => {
    expect(
      uploadMessage(new ApiError(400, 'media.not_an_image', 'The file is not an image.')),
    ).toBe('The file is not an image.');
    expect(
      uploadMessage(new ApiError(413, 'media.too_large', 'The image may be at most 1 MB.')),
    ).toBe('The image may be at most 1 MB.');
  });

  it('tells any other 413 by its status (the raw body limit answers common.bad_request)', () => {
    expect(
      uploadMessage(new ApiError(413, 'common.bad_request', 'The request body is too large.')),
    ).toBe(IMAGE_FILE_MESSAGES.uploadTooLarge);
    expect(IMAGE_FILE_MESSAGES.uploadTooLarge).toContain('1 MB');
  });

  it('passes any other error’s message on', () => {
    expect(
      uploadMessage(
        new ApiError(0, 'common.network', 'Could not reach the server. Check your connection.'),
      ),
    ).toBe('Could not reach the server. Check your connection.');
  });
});
