import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  LOGO_FILE_MESSAGES,
  LOGO_PICK_ACCEPT,
  LOGO_PICK_MAX_BYTES,
  checkLogoFile,
  imageSizeProblem,
  logoFileProblem,
  logoUploadMessage,
  sniffImageType,
} from './logo-file.ts';

const MB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0];

const file = (bytes: number[], type: string, name = 'logo') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('logoFileProblem', () => {
  it('takes PNG, JPEG and WebP files up to 15 MB, also over the server’s 1 MB', () => {
    expect(LOGO_PICK_ACCEPT).toBe('image/png,image/jpeg,image/webp');
    expect(logoFileProblem({ size: 200_000, type: 'image/png' })).toBeNull();
    expect(logoFileProblem({ size: 5 * MB, type: 'image/jpeg' })).toBeNull();
    expect(logoFileProblem({ size: LOGO_PICK_MAX_BYTES, type: 'image/webp' })).toBeNull();
  });

  it('refuses an empty file and one over 15 MB', () => {
    expect(logoFileProblem({ size: 0, type: 'image/png' })).toBe(LOGO_FILE_MESSAGES.empty);
    expect(logoFileProblem({ size: LOGO_PICK_MAX_BYTES + 1, type: 'image/png' })).toBe(
      'The file is larger than 15 MB. Choose a smaller image.',
    );
  });

  it('refuses a file declared as something else; an undeclared type is left to the content', () => {
    expect(logoFileProblem({ size: 10, type: 'application/pdf' })).toBe(
      LOGO_FILE_MESSAGES.notAnImage,
    );
    expect(logoFileProblem({ size: 10, type: 'image/gif' })).toBe(LOGO_FILE_MESSAGES.notAnImage);
    expect(logoFileProblem({ size: 10, type: 'image/svg+xml' })).toBe(
      LOGO_FILE_MESSAGES.notAnImage,
    );
    expect(logoFileProblem({ size: 10, type: '' })).toBeNull();
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

describe('checkLogoFile', () => {
  it('passes an image, whatever it is called or declared as', async () => {
    expect(await checkLogoFile(file(PNG, 'image/png'))).toBeNull();
    expect(await checkLogoFile(file(WEBP, ''))).toBeNull();
    expect(await checkLogoFile(file(JPEG, 'image/png', 'photo.png'))).toBeNull();
  });

  it('refuses a file that only claims to be an image', async () => {
    expect(await checkLogoFile(file([...new TextEncoder().encode('hello')], 'image/png'))).toBe(
      LOGO_FILE_MESSAGES.notAnImage,
    );
    expect(await checkLogoFile(file(GIF, ''))).toBe(LOGO_FILE_MESSAGES.notAnImage);
  });

  it('refuses by size and declared type before reading', async () => {
    expect(await checkLogoFile(file([], 'image/png'))).toBe(LOGO_FILE_MESSAGES.empty);
    expect(await checkLogoFile(file(PNG, 'text/plain'))).toBe(LOGO_FILE_MESSAGES.notAnImage);
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
    expect(imageSizeProblem({ width: 0, height: 0 })).toBe(LOGO_FILE_MESSAGES.unreadable);
  });
});

describe('logoUploadMessage', () => {
  it('shows the server’s message for a 400 and for its media.too_large', () => {
    expect(
      logoUploadMessage(new ApiError(400, 'media.not_an_image', 'The file is not an image.')),
    ).toBe('The file is not an image.');
    expect(
      logoUploadMessage(new ApiError(413, 'media.too_large', 'The image may be at most 1 MB.')),
    ).toBe('The image may be at most 1 MB.');
  });

  it('tells any other 413 by its status (the raw body limit answers common.bad_request)', () => {
    expect(
      logoUploadMessage(new ApiError(413, 'common.bad_request', 'The request body is too large.')),
    ).toBe(LOGO_FILE_MESSAGES.uploadTooLarge);
    expect(LOGO_FILE_MESSAGES.uploadTooLarge).toContain('1 MB');
  });

  it('passes any other error’s message on', () => {
    expect(
      logoUploadMessage(
        new ApiError(0, 'common.network', 'Could not reach the server. Check your connection.'),
      ),
    ).toBe('Could not reach the server. Check your connection.');
  });
});
