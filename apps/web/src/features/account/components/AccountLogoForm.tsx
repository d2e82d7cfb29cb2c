import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, type Account } from '@tenantry/shared';
import { Image, Paper, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import {
  ImageCropUpload,
  type ImageCropUploadState,
} from '#web/components/image-cropper/ImageCropUpload.tsx';
import type { ImageCropSettings } from '#web/components/image-cropper/ImageCropper.tsx';
import { useUploadLogo } from '../api/upload-logo.ts';

/** The largest file an editor may pick (the square crop, within the logo box, is uploaded). */
const LOGO_PICK_MAX_MB = 15;

const LOGO_CROP: ImageCropSettings = {
  label: 'Crop the new logo',
  hint: 'The square becomes the logo. Drag the image, or focus the crop area and use the arrow keys, to move it.',
  saveLabel: 'Save logo',
  aspect: 1,
  limits: { maxSide: LOGO_MAX_SIDE, maxBytes: LOGO_MAX_BYTES },
  height: { base: 260, sm: 320 },
};

/**
 * admin/general, Logo: the current logo; an editor picks an image (PNG, JPEG or WebP), crops
 * it to a square in the browser and uploads the crop (at most the server's logo box).
 */
export function AccountLogoForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const upload = useUploadLogo();
  const [pick, setPick] = useState<ImageCropUploadState>('idle');
  const [saved, setSaved] = useState(false);
  const follow = useCallback((state: ImageCropUploadState) => {
    setPick(state);
    if (state === 'opening') setSaved(false);
  }, []);

  let status = '';
  if (pick === 'opening') status = 'Opening the image…';
  else if (saved) status = 'Logo updated.';

  return (
    <Stack gap="sm" maw={480}>
      <Paper withBorder p="sm" w={120} h={120} style={{ display: 'grid', placeItems: 'center' }}>
        {account.logoUrl ? (
          <Image
            src={account.logoUrl}
            alt={`Logo of ${account.name}`}
            fit="contain"
            mah={100}
            maw={100}
          />
        ) : (
          <IconBuilding size={48} aria-label="No logo yet" />
        )}
      </Paper>
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          Only owners and admins can change the logo.
        </Text>
      ) : (
        <ImageCropUpload
          chooseLabel={account.logoUrl ? 'Choose a new logo' : 'Choose an image'}
          hint={`PNG, JPEG or WebP, up to ${LOGO_PICK_MAX_MB} MB. You crop it to a square next; it is saved at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`}
          pickMaxMb={LOGO_PICK_MAX_MB}
          crop={LOGO_CROP}
          upload={(image) => upload.mutateAsync(image.blob)}
          onUploaded={() => setSaved(true)}
          onStateChange={follow}
        />
      )}
      {canEdit ? (
        <Text size="sm" c={saved ? 'teal' : 'dimmed'} role="status">
          {status}
        </Text>
      ) : null}
    </Stack>
  );
}
