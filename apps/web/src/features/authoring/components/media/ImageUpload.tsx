import type { ContentScope } from '@tenantry/shared';
import {
  ImageCropUpload,
  type ImageCropUploadState,
} from '#web/components/image-cropper/ImageCropUpload.tsx';
import type { ImageCropSettings } from '#web/components/image-cropper/ImageCropper.tsx';
import type { ContentMedia } from '../../api/media/list-media.ts';
import { useUploadMedia } from '../../api/media/upload-media.ts';
import { CONTENT_IMAGE_LIMITS, CONTENT_IMAGE_PICK_MAX_MB } from '../../lib/media/content-image.ts';
import { t } from '../../messages.ts';

const contentCrop = (): ImageCropSettings => ({
  label: t('upload.crop.label'),
  hint: t('upload.crop.hint', { max: CONTENT_IMAGE_LIMITS.maxSide }),
  saveLabel: t('upload.crop.save'),
  aspect: 'choice',
  limits: CONTENT_IMAGE_LIMITS,
});

export interface ImageUploadProps {
  scope: ContentScope;
  /** The stored image, once uploaded. */
  onUploaded: (media: ContentMedia) => void;
  /** Tells where the control is (a dialog may want to grow while cropping). */
  onStateChange?: (state: ImageCropUploadState) => void;
  chooseLabel?: string;
}

/**
 * Upload an image for content: choose a PNG, JPEG or WebP file, crop it to any shape, and it
 * is uploaded as WebP within 2048 px and 1 MB to the given scope.
 */
export function ImageUpload({ scope, onUploaded, onStateChange, chooseLabel }: ImageUploadProps) {
  const upload = useUploadMedia();
  return (
    <ImageCropUpload
      chooseLabel={chooseLabel ?? t('upload.choose')}
      hint={t('upload.hint', { max: CONTENT_IMAGE_PICK_MAX_MB })}
      pickMaxMb={CONTENT_IMAGE_PICK_MAX_MB}
      crop={contentCrop()}
      upload={(image, name) => upload.mutateAsync({ image: image.blob, scope, name })}
      onUploaded={onUploaded}
      onStateChange={onStateChange}
    />
  );
}
