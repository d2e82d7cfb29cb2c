import { LOGO_MAX_BYTES } from '@tenantry/shared';
import {
  logoOutputSize,
  smallerOutputSize,
  sourceRect,
  type Rect,
  type Size,
} from './logo-crop.ts';

/** WebP keeps transparency and is small; a browser without a WebP encoder gives PNG. */
const OUTPUT_TYPE = 'image/webp';
const OUTPUT_QUALITY = 0.92;

function encode(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded.'))),
      OUTPUT_TYPE,
      OUTPUT_QUALITY,
    );
  });
}

function draw(image: HTMLImageElement, source: Rect, size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas in this browser.');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    size.width,
    size.height,
  );
  return canvas;
}

/**
 * The logo as uploaded: the image at `src` cropped to `area` (its own pixels) on a canvas,
 * at most the server's logo box, encoded as WebP (or PNG) within the upload limit. Only the
 * crop is drawn, so the canvas stays small whatever the image's size.
 */
export async function renderLogo(src: string, area: Rect): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const source = sourceRect(area, { width: image.naturalWidth, height: image.naturalHeight });
  let size: Size | null = logoOutputSize(source);
  let blob: Blob | null = null;
  while (size) {
    blob = await encode(draw(image, source, size));
    if (blob.size <= LOGO_MAX_BYTES) return blob;
    size = smallerOutputSize(size);
  }
  // Still over the limit: the server says so (413), shown beside the control.
  if (!blob) throw new Error('Nothing was drawn.');
  return blob;
}
