import {
  encodeWithinLimits,
  sourceRect,
  type EncodedImage,
  type ImageLimits,
  type Rect,
  type Size,
} from './image-crop.ts';
import { t } from './messages.ts';

function draw(image: HTMLImageElement, source: Rect, size: Size, opaque: boolean) {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(t('render.noCanvas'));
  if (opaque) {
    // JPEG has no transparency: white behind it rather than black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
  }
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

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t('render.encodeFailed')))),
      type,
      quality,
    );
  });
}

/**
 * The upload: the image at `src` cropped to `area` (its own pixels) on a canvas, within
 * `limits` (longest side, bytes), as WebP (JPEG where the browser has no WebP encoder).
 * Only the crop is drawn, so the canvas stays small whatever the image's size.
 */
export async function renderCrop(
  src: string,
  area: Rect,
  limits: ImageLimits,
): Promise<EncodedImage> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const source = sourceRect(area, { width: image.naturalWidth, height: image.naturalHeight });
  return encodeWithinLimits(
    source,
    (size, type, quality) =>
      toBlob(draw(image, source, size, type === 'image/jpeg'), type, quality),
    limits,
  );
}
