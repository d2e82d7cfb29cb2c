import type { Size } from './image-crop.ts';
import { t } from './messages.ts';

/**
 * The natural size of the image at `url`, known once its header is read (before it is
 * decoded, so a decompression bomb can be refused first). Rejects when it is not an image the
 * browser can read.
 */
export function readImageSize(url: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error(t('imageSize.unreadable')));
    image.src = url;
  });
}
