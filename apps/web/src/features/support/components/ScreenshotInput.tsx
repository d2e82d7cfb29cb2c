import { SUPPORT_LIMITS } from '@tenantry/shared';
import { CloseButton, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useUploadAttachment } from '../api/upload-attachment.ts';
import { t } from '../messages.ts';

export interface Uploaded {
  id: string;
  name: string;
}

/** Screenshots for a message: each is uploaded as soon as it is chosen. */
export function ScreenshotInput({
  value,
  onChange,
}: {
  value: Uploaded[];
  onChange: (next: Uploaded[]) => void;
}) {
  const upload = useUploadAttachment();
  const [picked, setPicked] = useState<File | null>(null);
  const full = value.length >= SUPPORT_LIMITS.attachments;

  const choose = (file: File | null) => {
    setPicked(file);
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (id) => {
        onChange([...value, { id, name: file.name || t('screenshot.defaultName') }]);
        setPicked(null);
      },
    });
  };

  return (
    <Stack gap={4}>
      <FileInput
        label={t('screenshot.label')}
        description={t('screenshot.hint', { max: SUPPORT_LIMITS.attachments })}
        placeholder={full ? t('screenshot.full') : t('screenshot.choose')}
        accept="image/png,image/jpeg,image/webp"
        leftSection={upload.isPending ? <Loader size={14} /> : <IconPhoto size={16} aria-hidden />}
        value={picked}
        onChange={choose}
        disabled={full || upload.isPending}
        clearable
      />
      {upload.isError ? <ErrorAlert error={upload.error} /> : null}
      {value.map((u) => (
        <Group key={u.id} gap="xs">
          <Text size="sm">{t('screenshot.attached', { name: u.name })}</Text>
          <CloseButton
            size="sm"
            aria-label={t('screenshot.remove', { name: u.name })}
            onClick={() => onChange(value.filter((x) => x.id !== u.id))}
          />
        </Group>
      ))}
    </Stack>
  );
}
