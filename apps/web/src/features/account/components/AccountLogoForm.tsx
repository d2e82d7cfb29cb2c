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
import { t } from '../messages.ts';

/** The largest file an editor may pick (the square crop, within the logo box, is uploaded). */
const LOGO_PICK_MAX_MB = 15;

const logoCrop = (): ImageCropSettings => ({
  label: t('logo.crop.label'),
  hint: t('logo.crop.hint'),
  saveLabel: t('logo.crop.save'),
  aspect: 1,
  limits: { maxSide: LOGO_MAX_SIDE, maxBytes: LOGO_MAX_BYTES },
  height: { base: 260, sm: 320 },
});

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
  if (pick === 'opening') status = t('logo.opening');
  else if (saved) status = t('logo.updated');

  return (
    <Stack gap="sm" maw={480}>
      <Paper withBorder p="sm" w={120} h={120} style={{ display: 'grid', placeItems: 'center' }}>
        {account.logoUrl ? (
          <Image
            src={account.logoUrl}
            alt={t('logo.alt', { name: account.name })}
            fit="contain"
            mah={100}
            maw={100}
          />
        ) : (
          <IconBuilding size={48} aria-label={t('logo.none')} />
        )}
      </Paper>
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          {t('logo.readOnly')}
        </Text>
      ) : (
        <ImageCropUpload
          chooseLabel={account.logoUrl ? t('logo.chooseNew') : t('logo.choose')}
          hint={t('logo.hint', { mb: String(LOGO_PICK_MAX_MB), side: String(LOGO_MAX_SIDE) })}
          pickMaxMb={LOGO_PICK_MAX_MB}
          crop={logoCrop()}
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
