import type { ContentScope } from '@tenantry/shared';
import { Button, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import type { ImageCropUploadState } from '#web/components/image-cropper/ImageCropUpload.tsx';
import type { InsertMarkdown, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import type { ContentMedia } from '../../api/media/list-media.ts';
import { imageMarkdown } from '../../lib/media/content-image.ts';
import { ImageUpload } from './ImageUpload.tsx';
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
      title="Insert an image"
      size={cropping ? 'xl' : 'lg'}
      fullScreen={false}
    >
      <Stack gap="md">
        <TextInput
          label="Description"
          description="What the image shows, for people who cannot see it (its alt text)."
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label="Where the image comes from">
            <Tabs.Tab value="library">
              {scope === 'global' ? 'Global images' : 'Your images'}
            </Tabs.Tab>
            <Tabs.Tab value="upload">Upload new</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="library" pt="md">
            <MediaGrid
              scope={scope}
              onPick={pick}
              emptyAction={
                <Button variant="light" size="xs" onClick={() => setTab('upload')}>
                  Upload new
                </Button>
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                The image is cropped, uploaded to{' '}
                {scope === 'global' ? 'the global images' : 'your account’s images'} and inserted.
              </Text>
              <ImageUpload
                scope={scope}
                onUploaded={pick}
                onStateChange={growWhileCropping}
                chooseLabel="Choose an image"
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
