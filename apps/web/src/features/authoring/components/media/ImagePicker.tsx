import type { ContentScope } from '@tenantry/shared';
import { Button, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import type { ImageCropUploadState } from '#web/components/image-cropper/ImageCropUpload.tsx';
import type { InsertMarkdown, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import type { ContentMedia } from '../../api/media/list-media.ts';
import { imageMarkdown } from '../../lib/media/content-image.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { t } from '../../messages.ts';
import { MediaGrid } from './MediaGrid.tsx';

export interface ImagePickerProps {
  opened: boolean;
  /** The scope of the item being edited: its images come from (and go to) the same scope. */
  scope: ContentScope;
  onClose: () => void;
  /** The markdown that shows the chosen image: `![alt](/api/v1/media/<id>)`. */
  onPick: (markdown: string) => void;
}

/**
 * "Insert image": pick one of the scope's images, or upload a new one through the cropper;
 * gives back the markdown that shows it, with the description typed as its alt text.
 */
export function ImagePicker({ opened, scope, onClose, onPick }: ImagePickerProps) {
  const [alt, setAlt] = useState('');
  const [tab, setTab] = useState<string | null>('library');
  const [cropping, setCropping] = useState(false);
  const growWhileCropping = useCallback(
    (state: ImageCropUploadState) => setCropping(state === 'cropping'),
    [],
  );

  function pick(media: ContentMedia) {
    onPick(imageMarkdown(media.url, alt));
    setAlt('');
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('picker.title')}
      size={cropping ? 'xl' : 'lg'}
      fullScreen={false}
    >
      <Stack gap="md">
        <TextInput
          label={t('picker.alt.label')}
          description={t('picker.alt.hint')}
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label={t('picker.tabs.label')}>
            <Tabs.Tab value="library">
              {scope === 'global' ? t('picker.tabs.global') : t('picker.tabs.private')}
            </Tabs.Tab>
            <Tabs.Tab value="upload">{t('picker.tabs.upload')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="library" pt="md">
            <MediaGrid
              scope={scope}
              onPick={pick}
              emptyAction={
                <Button variant="light" size="xs" onClick={() => setTab('upload')}>
                  {t('picker.uploadNew')}
                </Button>
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {scope === 'global' ? t('picker.upload.global') : t('picker.upload.private')}
              </Text>
              <ImageUpload
                scope={scope}
                onUploaded={pick}
                onStateChange={growWhileCropping}
                chooseLabel={t('picker.choose')}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}

/**
 * The image picker for a screen whose editors insert images: `open` goes to their
 * `onInsertImage` (FrameworksTab, PlaybooksTab, ArticlesTab), `element` is rendered once by
 * the screen.
 */
export function useImagePicker(): { open: OpenImagePicker; element: ReactElement } {
  const [request, setRequest] = useState<{
    insert: InsertMarkdown;
    scope: ContentScope;
  } | null>(null);
  const open = useCallback<OpenImagePicker>(
    (insert, { scope }) => setRequest({ insert, scope }),
    [],
  );
  const element = useMemo(
    () => (
      <ImagePicker
        opened={request !== null}
        scope={request?.scope ?? 'private'}
        onClose={() => setRequest(null)}
        onPick={(markdown) => request?.insert(markdown)}
      />
    ),
    [request],
  );
  return { open, element };
}
