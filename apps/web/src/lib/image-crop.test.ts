import { LOGO_MAX_SIDE, MEDIA_LIMITS } from '@tenantry/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  aspectRatio,
  encodeWithinLimits,
  isUsableArea,
  outputSize,
  sourceRect,
  type Size,
} from './image-crop.ts';

/** A content image's box (2048 px, 1 MB). */
const CONTENT = { maxSide: 2048, maxBytes: MEDIA_LIMITS.maxBytes };

/** A fake encoder: bytes grow with pixels and quality, like a real one. */
function fakeEncoder(bytesPerPixel: number, webp = true) {
  return vi.fn(async (size: Size, type: string, quality: number) => {
    const bytes = Math.round(size.width * size.height * bytesPerPixel * quality);
    const actual = type === 'image/webp' && !webp ? 'image/png' : type;
    return { size: bytes, type: actual } as Blob;
  });
}

describe('outputSize', () => {
  it('caps the longer side, keeps the aspect and never enlarges', () => {
    expect(outputSize({ width: 6000, height: 4000 }, 2048)).toEqual({ width: 2048, height: 1365 });
    expect(outputSize({ width: 1000, height: 3000 }, 2048)).toEqual({ width: 683, height: 2048 });
    expect(outputSize({ width: 800, height: 600 }, 2048)).toEqual({ width: 800, height: 600 });
  });

  it('fits a square crop larger than the logo box into it', () => {
    expect(LOGO_MAX_SIDE).toBe(512);
    expect(outputSize({ width: 600, height: 600 }, LOGO_MAX_SIDE)).toEqual({
      width: 512,
      height: 512,
    });
    expect(outputSize({ width: 4000, height: 4000 }, LOGO_MAX_SIDE)).toEqual({
      width: 512,
      height: 512,
    });
  });

  it('never enlarges a crop that already fits', () => {
    expect(outputSize({ width: 300, height: 300 }, 512)).toEqual({ width: 300, height: 300 });
    expect(outputSize({ width: 512, height: 512 }, 512)).toEqual({ width: 512, height: 512 });
    expect(outputSize({ width: 1, height: 1 }, 512)).toEqual({ width: 1, height: 1 });
  });

  it('keeps the aspect of a crop that is not square, its longer side at the cap', () => {
    expect(outputSize({ width: 1024, height: 256 }, 512)).toEqual({ width: 512, height: 128 });
    expect(outputSize({ width: 300, height: 900 }, 512)).toEqual({ width: 171, height: 512 });
  });

  it('keeps at least one pixel each way', () => {
    expect(outputSize({ width: 1000, height: 1000 }, 128)).toEqual({ width: 128, height: 128 });
    expect(outputSize({ width: 10_000, height: 2 }, 512)).toEqual({ width: 512, height: 1 });
  });
});

describe('encodeWithinLimits', () => {
  it('encodes a big crop as WebP within the box and the bytes, trying lower quality, then smaller', async () => {
    const encode = fakeEncoder(0.5);
    const out = await encodeWithinLimits({ width: 6000, height: 4000 }, encode, CONTENT);
    expect(Math.max(out.size.width, out.size.height)).toBeLessThanOrEqual(2048);
    expect(out.blob.size).toBeLessThanOrEqual(CONTENT.maxBytes);
    expect(out.blob.type).toBe('image/webp');
    // The first try is the full 2048 px at the best quality.
    expect(encode.mock.calls[0]).toEqual([{ width: 2048, height: 1365 }, 'image/webp', 0.9]);
    // Every try stays within the cap.
    for (const [size] of encode.mock.calls) {
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2048);
    }
  });

  it('keeps a small crop as it is, in one try', async () => {
    const encode = fakeEncoder(0.1);
    const out = await encodeWithinLimits({ width: 640, height: 480 }, encode, CONTENT);
    expect(out.size).toEqual({ width: 640, height: 480 });
    expect(encode).toHaveBeenCalledTimes(1);
  });

  it('fits a logo into its own box: 600 × 600 becomes 512 × 512', async () => {
    const encode = fakeEncoder(0.1);
    const logo = { maxSide: LOGO_MAX_SIDE, maxBytes: MEDIA_LIMITS.maxBytes };
    const out = await encodeWithinLimits({ width: 600, height: 600 }, encode, logo);
    expect(out.size).toEqual({ width: 512, height: 512 });
    expect(out.blob.type).toBe('image/webp');
  });

  it('steps down by a fifth, aspect kept, once the qualities are tried', async () => {
    // Only a crop of at most 400 × 100 pixels fits.
    const encode = vi.fn(
      async (size: Size, type: string) =>
        ({ size: size.width * size.height > 40_000 ? 2 : 1, type }) as Blob,
    );
    const out = await encodeWithinLimits({ width: 512, height: 128 }, encode, {
      maxSide: 512,
      maxBytes: 1,
    });
    // 3 qualities at 512 × 128, 3 at 409 × 102 (four fifths), then 327 × 82 fits.
    expect(encode.mock.calls.map(([size]) => size.width)).toEqual([
      512, 512, 512, 409, 409, 409, 327,
    ]);
    expect(out.size).toEqual({ width: 327, height: 82 });
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const encode = fakeEncoder(0.1, false);
    const out = await encodeWithinLimits({ width: 1000, height: 1000 }, encode, CONTENT);
    expect(out.blob.type).toBe('image/jpeg');
    expect(out.blob.size).toBeLessThanOrEqual(CONTENT.maxBytes);
  });

  it('gives up with a message below the smallest useful size', async () => {
    const huge = vi.fn(async () => ({ size: CONTENT.maxBytes + 1, type: 'image/webp' }) as Blob);
    await expect(encodeWithinLimits({ width: 4000, height: 4000 }, huge, CONTENT)).rejects.toThrow(
      /larger than 1 MB/,
    );
    // Never smaller than 64 px on the longer side.
    for (const [size] of huge.mock.calls as unknown as [Size][]) {
      expect(Math.max(size.width, size.height)).toBeGreaterThanOrEqual(64);
    }
  });
});

describe('sourceRect', () => {
  const image = { width: 800, height: 600 };

  it('keeps an area inside the image as it is', () => {
    expect(sourceRect({ x: 100, y: 0, width: 600, height: 600 }, image)).toEqual({
      x: 100,
      y: 0,
      width: 600,
      height: 600,
    });
  });

  it('rounds to whole pixels', () => {
    expect(sourceRect({ x: 99.6, y: 0.4, width: 599.5, height: 599.5 }, image)).toEqual({
      x: 100,
      y: 0,
      width: 600,
      height: 600,
    });
    expect(sourceRect({ x: -3, y: 10.4, width: 900, height: 50.6 }, image)).toEqual({
      x: 0,
      y: 10,
      width: 800,
      height: 51,
    });
  });

  it('keeps an area that spills over the edges inside the image', () => {
    expect(sourceRect({ x: -3, y: -1, width: 900, height: 700 }, image)).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
    });
    expect(sourceRect({ x: 500, y: 400, width: 400, height: 400 }, image)).toEqual({
      x: 500,
      y: 400,
      width: 300,
      height: 200,
    });
  });

  it('leaves at least one pixel', () => {
    expect(sourceRect({ x: 900, y: 700, width: 0, height: 0 }, image)).toEqual({
      x: 799,
      y: 599,
      width: 1,
      height: 1,
    });
  });
});

describe('isUsableArea', () => {
  it('takes an area of at least a pixel', () => {
    expect(isUsableArea({ x: 0, y: 0, width: 600, height: 600 })).toBe(true);
    expect(isUsableArea({ x: 10, y: 3, width: 1, height: 1 })).toBe(true);
  });

  it('refuses what the cropper reports before the image has loaded', () => {
    expect(isUsableArea({ x: Number.NaN, y: 0, width: 600, height: 600 })).toBe(false);
    expect(isUsableArea({ x: 0, y: 0, width: 0, height: 0 })).toBe(false);
    expect(isUsableArea({ x: 0, y: 0, width: Infinity, height: 5 })).toBe(false);
  });
});

describe('aspectRatio', () => {
  it('knows the shapes; “Original” is the image’s own (4:3 until it is known)', () => {
    expect(aspectRatio('16:9', null)).toBeCloseTo(16 / 9);
    expect(aspectRatio('1:1', null)).toBe(1);
    expect(aspectRatio('original', { width: 300, height: 200 })).toBe(1.5);
    expect(aspectRatio('original', null)).toBeCloseTo(4 / 3);
  });
});
