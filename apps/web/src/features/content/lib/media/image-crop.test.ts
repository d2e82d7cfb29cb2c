import { describe, expect, it, vi } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  aspectRatio,
  encodeWithinLimits,
  outputSize,
  sourceRect,
  type Size,
} from './image-crop.ts';
import { imageMarkdown, sniffImageType } from './image-file.ts';

/** A fake encoder: bytes grow with pixels and quality, like a real one. */
function fakeEncoder(bytesPerPixel: number, webp = true) {
  return vi.fn(async (size: Size, type: string, quality: number) => {
    const bytes = Math.round(size.width * size.height * bytesPerPixel * quality);
    const actual = type === 'image/webp' && !webp ? 'image/png' : type;
    return { size: bytes, type: actual } as Blob;
  });
}

describe('content image output', () => {
  it('caps the longer side at 2048 px, keeps the aspect and never enlarges', () => {
    expect(IMAGE_MAX_SIDE).toBe(2048);
    expect(outputSize({ width: 6000, height: 4000 })).toEqual({ width: 2048, height: 1365 });
    expect(outputSize({ width: 1000, height: 3000 })).toEqual({ width: 683, height: 2048 });
    expect(outputSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it('encodes a big crop as WebP within 2048 px and 1 MB, trying lower quality, then smaller', async () => {
    const encode = fakeEncoder(0.5);
    const out = await encodeWithinLimits({ width: 6000, height: 4000 }, encode);
    expect(Math.max(out.size.width, out.size.height)).toBeLessThanOrEqual(2048);
    expect(out.blob.size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
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
    const out = await encodeWithinLimits({ width: 640, height: 480 }, encode);
    expect(out.size).toEqual({ width: 640, height: 480 });
    expect(encode).toHaveBeenCalledTimes(1);
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const encode = fakeEncoder(0.1, false);
    const out = await encodeWithinLimits({ width: 1000, height: 1000 }, encode);
    expect(out.blob.type).toBe('image/jpeg');
    expect(out.blob.size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
  });

  it('gives up with a message when nothing fits', async () => {
    const huge = vi.fn(async () => ({ size: IMAGE_MAX_BYTES + 1, type: 'image/webp' }) as Blob);
    await expect(encodeWithinLimits({ width: 4000, height: 4000 }, huge)).rejects.toThrow(
      /larger than 1 MB/,
    );
  });

  it('keeps the crop inside the image', () => {
    expect(
      sourceRect({ x: -3, y: 10.4, width: 900, height: 50.6 }, { width: 800, height: 600 }),
    ).toEqual({ x: 0, y: 10, width: 800, height: 51 });
  });

  it('knows the shapes', () => {
    expect(aspectRatio('16:9', null)).toBeCloseTo(16 / 9);
    expect(aspectRatio('1:1', null)).toBe(1);
    expect(aspectRatio('original', { width: 300, height: 200 })).toBe(1.5);
  });
});

describe('image files', () => {
  it('recognises PNG, JPEG and WebP by content', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBP'))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });

  it('writes the markdown of an image, alt text without brackets', () => {
    expect(imageMarkdown('/api/v1/media/m1', 'A [nice]\nchart')).toBe(
      '![A nice chart](/api/v1/media/m1)',
    );
    expect(imageMarkdown('/api/v1/media/m1')).toBe('![](/api/v1/media/m1)');
  });
});
