import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import type { EncodedImage } from '#web/lib/image-crop.ts';
import {
  IMAGE_FILE_MESSAGES,
  IMAGE_PICK_ACCEPT,
  checkImageFile,
  imageFileProblem,
  imageSizeProblem,
  uploadMessage,
} from '#web/lib/image-file.ts';
import { readImageSize } from '#web/lib/image-size.ts';
import type { ImageCropperProps, ImageCropSettings } from './ImageCropper.tsx';
import { t } from '../messages.ts';

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

type Opened =
  | { problem: string }
  | { problem: null; url: string; name: string; Cropper: ComponentType<ImageCropperProps> };

/** Checks the picked file and loads the cropper alongside: what to show next. */
async function openImageFile(file: File, pickMaxMb: number): Promise<Opened> {
  const early = imageFileProblem(file, pickMaxMb);
  if (early) return { problem: early };
  const cropper = loadCropper();
  cropper.catch(() => {}); // awaited below only if the file passes
  const problem = await checkImageFile(file, pickMaxMb);
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
    return refuse(t('imageUpload.editorFailed'));
  }
}

/** Where the control is: waiting for a file, checking one, or cropping it. */
export type ImageCropUploadState = 'idle' | 'opening' | 'cropping';

export interface ImageCropUploadProps<T> {
  /** The choose button's words. */
  chooseLabel: string;
  /** Under the choose button: the types, the size, what happens next. */
  hint: ReactNode;
  /** The largest file a person may pick, in MB (the crop is what is uploaded). */
  pickMaxMb: number;
  /** How the image is cropped. */
  crop: ImageCropSettings;
  /** Stores the crop (the picked file's name, without its extension, goes along). */
  upload: (image: EncodedImage, name: string) => Promise<T>;
  /** The upload's answer, once the cropper has closed. */
  onUploaded?: (result: T) => void;
  onStateChange?: (state: ImageCropUploadState) => void;
}

/**
 * Upload an image cropped in the browser: choose a PNG, JPEG or WebP file, it is checked
 * (type by content, size, pixels) while the cropper loads (a chunk of its own), cropped, and
 * the crop is uploaded. A refused upload says why beside the cropper; closing it gives the
 * focus back to the choose button.
 */
export function ImageCropUpload<T>({
  chooseLabel,
  hint,
  pickMaxMb,
  crop,
  upload,
  onUploaded,
  onStateChange,
}: ImageCropUploadProps<T>) {
  const hintId = useId();
  const [picked, setPicked] = useState<Extract<Opened, { problem: null }> | null>(null);
  const [opening, setOpening] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // The latest pick wins; a pick still being checked when the control goes away is dropped.
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

  const state: ImageCropUploadState = picked ? 'cropping' : opening ? 'opening' : 'idle';
  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  useEffect(() => {
    if (picked || !refocus.current) return;
    refocus.current = false;
    chooseButton.current?.focus();
  }, [picked]);

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
    setOpening(true);
    const opened = await openImageFile(file, pickMaxMb);
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

  async function save(image: EncodedImage) {
    if (!picked) return;
    setProblem(null);
    setSaving(true);
    try {
      const result = await upload(image, picked.name);
      close();
      onUploaded?.(result);
    } catch (err) {
      setProblem(err instanceof Error ? uploadMessage(err) : t('imageUpload.failed'));
    } finally {
      setSaving(false);
    }
  }

  if (picked) {
    return (
      <picked.Cropper
        {...crop}
        src={picked.url}
        saving={saving}
        error={problem}
        onSave={(image) => void save(image)}
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
        {hint}
      </Text>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
    </Stack>
  );
}
