import { t } from './messages.ts';
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

/** What an upload may be: its longest side in pixels, its size in bytes. */
export interface ImageLimits {
  maxSide: number;
  maxBytes: number;
}

/** The cropper's zoom: 1 shows the whole image (its shorter side) in the crop area; up to 4×. */
export const IMAGE_ZOOM = { min: 1, max: 4, step: 0.05 } as const;

/** The shapes a person may crop to. `original` keeps the image's own shape (no cut at 1×). */
export const ASPECT_CHOICES = [
  { value: 'original' },
  { value: '16:9' },
  { value: '4:3' },
  { value: '1:1' },
  { value: '3:4' },
] as const;
export type AspectChoice = (typeof ASPECT_CHOICES)[number]['value'];

/** A shape's name in the choice: its ratio, or a word for the original shape and the square. */
export function aspectChoiceLabel(choice: AspectChoice): string {
  if (choice === 'original') return t('aspect.original');
  if (choice === '1:1') return t('aspect.square');
  return choice;
}

/** The crop's width / height for a choice; `original` is the image's own. */
export function aspectRatio(choice: AspectChoice, image: Size | null): number {
  if (choice === 'original') {
    return image && image.width > 0 && image.height > 0 ? image.width / image.height : 4 / 3;
  }
  const [w, h] = choice.split(':').map(Number) as [number, number];
  return w / h;
}

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

/** The crop fitted inside `cap` × `cap`, aspect kept, never enlarged, at least 1 px each way. */
export function outputSize(crop: Size, cap: number): Size {
  const scale = Math.min(1, cap / Math.max(crop.width, crop.height));
  return {
    width: Math.max(1, Math.round(crop.width * scale)),
    height: Math.max(1, Math.round(crop.height * scale)),
  };
}

/** Encodes the crop at a size, as a type, at a quality (a canvas in the browser). */
export type EncodeAt = (size: Size, type: string, quality: number) => Promise<Blob>;

/** WebP first (small, keeps transparency); JPEG where the browser cannot encode WebP. */
export const OUTPUT_TYPES = ['image/webp', 'image/jpeg'] as const;
const QUALITIES = [0.9, 0.8, 0.7] as const;
const SHRINK = 0.8;
const MIN_SIDE = 64;

export interface EncodedImage {
  blob: Blob;
  size: Size;
}

/**
 * The upload: the crop at most `maxSide` on its longer side, encoded as WebP (JPEG when the
 * browser gives something else for WebP), at lower qualities and then smaller sizes until it
 * is within `maxBytes`. Rejects when even the smallest try is too large.
 */
export async function encodeWithinLimits(
  crop: Size,
  encodeAt: EncodeAt,
  { maxSide, maxBytes }: ImageLimits,
): Promise<EncodedImage> {
  let size: Size | null = outputSize(crop, maxSide);
  let type: string = OUTPUT_TYPES[0];
  while (size) {
    for (const quality of QUALITIES) {
      let blob = await encodeAt(size, type, quality);
      if (blob.type !== type && type === OUTPUT_TYPES[0]) {
        // No WebP encoder here (the canvas fell back to PNG): JPEG from now on.
        type = OUTPUT_TYPES[1];
        blob = await encodeAt(size, type, quality);
      }
      if (blob.size <= maxBytes) return { blob, size };
    }
    const next = outputSize(size, Math.floor(Math.max(size.width, size.height) * SHRINK));
    size = Math.max(next.width, next.height) < MIN_SIDE ? null : next;
  }
  throw new Error(t('crop.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));
}
