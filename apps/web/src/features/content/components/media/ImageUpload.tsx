import type { ContentScope } from '@tenantry/shared';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import type { ContentMedia } from '../../api/media/list-media.ts';
import { useUploadMedia } from '../../api/media/upload-media.ts';
import type { EncodedImage } from '../../lib/media/image-crop.ts';
import {
  IMAGE_FILE_MESSAGES,
  IMAGE_PICK_ACCEPT,
  IMAGE_PICK_MAX_MB,
  checkImageFile,
  imageFileProblem,
  imageSizeProblem,
  uploadMessage,
} from '../../lib/media/image-file.ts';
import type { ImageCropperProps } from './ImageCropper.tsx';

interface CropperModule {
  ImageCropper: ComponentType<ImageCropperProps>;
}

let cropperModule: Promise<CropperModule> | null = null;

/** The cropper is a chunk of its own, loaded once a file is picked (again after a failure). */
function loadCropper(): Promise<CropperModule> {
  cropperModule ??= import('./ImageCropper.tsx').catch((err: unknown) => {
    cropperModule = null;
    throw err;
  });
  return cropperModule;
}

function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = url;
  });
}

type Opened =
  | { problem: string }
  | { problem: null; url: string; name: string; Cropper: ComponentType<ImageCropperProps> };

/** Checks the picked file and loads the cropper alongside: what to show next. */
async function openImageFile(file: File): Promise<Opened> {
  const early = imageFileProblem(file);
  if (early) return { problem: early };
  const cropper = loadCropper();
  cropper.catch(() => {}); // awaited below only if the file passes
  const problem = await checkImageFile(file);
  if (problem) return { problem };
  const url = URL.createObjectURL(file);
  const refuse = (why: string): Opened => {
    URL.revokeObjectURL(url);
    return { problem: why };
  };
  const size = await readImageSize(url).catch(() => null);
  if (!size) return refuse(IMAGE_FILE_MESSAGES.unreadable);
  const tooBig = imageSizeProblem(size);
  if (tooBig) return refuse(tooBig);
  const name = file.name.replace(/\.[^.]*$/, '').slice(0, 80) || 'image';
  try {
    return { problem: null, url, name, Cropper: (await cropper).ImageCropper };
  } catch {
    return refuse('The image editor could not be loaded. Check your connection and try again.');
  }
}

export interface ImageUploadProps {
  scope: ContentScope;
  /** The stored image, once uploaded. */
  onUploaded: (media: ContentMedia) => void;
  /** Tells whether the cropper is open (a dialog may want to grow). */
  onCroppingChange?: (cropping: boolean) => void;
  chooseLabel?: string;
}

/**
 * Upload an image for content: choose a PNG, JPEG or WebP file, crop it (the cropper loads
 * on pick), and it is uploaded as WebP within 2048 px and 1 MB to the given scope.
 */
export function ImageUpload({
  scope,
  onUploaded,
  onCroppingChange,
  chooseLabel = 'Upload an image',
}: ImageUploadProps) {
  const upload = useUploadMedia();
  const hintId = useId();
  const [picked, setPicked] = useState<Extract<Opened, { problem: null }> | null>(null);
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // The latest pick wins; a pick still being checked when the form goes away is dropped.
  const attempt = useRef(0);
  const pickedUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      attempt.current += 1;
      if (pickedUrl.current) URL.revokeObjectURL(pickedUrl.current);
      pickedUrl.current = null;
    },
    [],
  );

  useEffect(() => {
    onCroppingChange?.(picked !== null);
    if (picked || !refocus.current) return;
    refocus.current = false;
    chooseButton.current?.focus();
  }, [picked, onCroppingChange]);

  function show(next: typeof picked) {
    if (pickedUrl.current && pickedUrl.current !== next?.url) {
      URL.revokeObjectURL(pickedUrl.current);
    }
    pickedUrl.current = next?.url ?? null;
    setPicked(next);
  }

  async function choose(file: File | null) {
    resetInput.current?.(); // the same file may be picked again
    if (!file) return;
    const mine = ++attempt.current;
    setProblem(null);
    upload.reset();
    setOpening(true);
    const opened = await openImageFile(file);
    if (mine !== attempt.current) {
      if (opened.problem === null) URL.revokeObjectURL(opened.url);
      return;
    }
    setOpening(false);
    if (opened.problem === null) show(opened);
    else setProblem(opened.problem);
  }

  function close() {
    refocus.current = true;
    setProblem(null);
    show(null);
  }

  function save(image: EncodedImage) {
    setProblem(null);
    upload.mutate(
      { image: image.blob, scope, name: picked?.name },
      {
        onSuccess: (media) => {
          close();
          onUploaded(media);
        },
        onError: (err) => setProblem(uploadMessage(err)),
      },
    );
  }

  if (picked) {
    return (
      <picked.Cropper
        src={picked.url}
        saving={upload.isPending}
        error={problem}
        onSave={save}
        onCancel={close}
      />
    );
  }
  return (
    <Stack gap={6}>
      <Group>
        <FileButton
          onChange={(f) => void choose(f)}
          accept={IMAGE_PICK_ACCEPT}
          resetRef={resetInput}
        >
          {(props) => (
            <Button
              {...props}
              ref={chooseButton}
              loading={opening}
              leftSection={<IconPhotoUp size={18} aria-hidden />}
              aria-describedby={hintId}
            >
              {chooseLabel}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed" id={hintId}>
        PNG, JPEG or WebP, up to {IMAGE_PICK_MAX_MB} MB. You crop it next.
      </Text>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
    </Stack>
  );
}
