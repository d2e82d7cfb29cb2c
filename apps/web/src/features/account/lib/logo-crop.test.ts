import { LOGO_MAX_SIDE } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { isUsableArea, logoOutputSize, smallerOutputSize, sourceRect } from './logo-crop.ts';

describe('logoOutputSize', () => {
  it('fits a square crop larger than the logo box into it', () => {
    expect(LOGO_MAX_SIDE).toBe(512);
    expect(logoOutputSize({ width: 600, height: 600 })).toEqual({ width: 512, height: 512 });
    expect(logoOutputSize({ width: 4000, height: 4000 })).toEqual({ width: 512, height: 512 });
  });

  it('never enlarges a crop that already fits', () => {
    expect(logoOutputSize({ width: 300, height: 300 })).toEqual({ width: 300, height: 300 });
    expect(logoOutputSize({ width: 512, height: 512 })).toEqual({ width: 512, height: 512 });
    expect(logoOutputSize({ width: 1, height: 1 })).toEqual({ width: 1, height: 1 });
  });

  it('keeps the aspect of a crop that is not square, its longer side at the cap', () => {
    expect(logoOutputSize({ width: 1024, height: 256 })).toEqual({ width: 512, height: 128 });
    expect(logoOutputSize({ width: 300, height: 900 })).toEqual({ width: 171, height: 512 });
  });

  it('takes another cap, and keeps at least one pixel each way', () => {
    expect(logoOutputSize({ width: 1000, height: 1000 }, 128)).toEqual({ width: 128, height: 128 });
    expect(logoOutputSize({ width: 10_000, height: 2 })).toEqual({ width: 512, height: 1 });
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

describe('smallerOutputSize', () => {
  it('steps down by a quarter, aspect kept', () => {
    expect(smallerOutputSize({ width: 512, height: 512 })).toEqual({ width: 384, height: 384 });
    expect(smallerOutputSize({ width: 512, height: 128 })).toEqual({ width: 384, height: 96 });
  });

  it('gives up below the smallest useful size', () => {
    expect(smallerOutputSize({ width: 80, height: 80 })).toBeNull();
    expect(smallerOutputSize({ width: 100, height: 100 })).toEqual({ width: 75, height: 75 });
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
