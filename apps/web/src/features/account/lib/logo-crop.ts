import { LOGO_MAX_SIDE } from '@tenantry/shared';

/** A size in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** A rectangle in the image's own pixels (the cropper's `croppedAreaPixels`). */
export interface Rect extends Size {
  x: number;
  y: number;
}

/** The cropper's zoom: 1 shows the whole image's shorter side in the square; up to 4×. */
export const LOGO_ZOOM = { min: 1, max: 4, step: 0.05 } as const;

/** The logo is square: the cropper's aspect ratio. */
export const LOGO_ASPECT = 1;

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** A crop area worth drawing: finite numbers, at least a pixel (not one of an unloaded image). */
export function isUsableArea(area: Rect): boolean {
  return (
    [area.x, area.y, area.width, area.height].every(Number.isFinite) &&
    area.width >= 1 &&
    area.height >= 1
  );
}

/**
 * The part of the image to draw: the cropper's area rounded to whole pixels and kept inside
 * the image (at least one pixel), whatever rounding or a resize did to it.
 */
export function sourceRect(area: Rect, image: Size): Rect {
  const x = clamp(Math.round(area.x), 0, image.width - 1);
  const y = clamp(Math.round(area.y), 0, image.height - 1);
  return {
    x,
    y,
    width: clamp(Math.round(area.width), 1, image.width - x),
    height: clamp(Math.round(area.height), 1, image.height - y),
  };
}

/**
 * The size of the uploaded image: the crop fitted inside `cap` × `cap` (the server's logo
 * box), aspect kept, never enlarged, at least one pixel each way.
 */
export function logoOutputSize(crop: Size, cap: number = LOGO_MAX_SIDE): Size {
  const scale = Math.min(1, cap / Math.max(crop.width, crop.height));
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
}

/**
 * The next, smaller size to try when the encoded image is still over the upload limit
 * (a browser without a WebP encoder gives PNG), or null when it would be smaller than `min`.
 */
export function smallerOutputSize(size: Size, factor = 0.75, min = 64): Size | null {
  const next = logoOutputSize(size, Math.floor(Math.max(size.width, size.height) * factor));
  return Math.max(next.width, next.height) < min ? null : next;
}
