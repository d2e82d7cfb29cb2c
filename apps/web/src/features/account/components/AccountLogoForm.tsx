import { LOGO_MAX_SIDE, type Account } from '@tenantry/shared';
import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBuilding, IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useUploadLogo } from '../api/upload-logo.ts';
import { readImageSize } from '../lib/image-size.ts';
import {
  LOGO_FILE_MESSAGES,
  LOGO_PICK_ACCEPT,
  LOGO_PICK_MAX_MB,
  checkLogoFile,
  imageSizeProblem,
  logoFileProblem,
  logoUploadMessage,
} from '../lib/logo-file.ts';
import type { LogoCropperProps } from './LogoCropper.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

interface CropperModule {
  LogoCropper: ComponentType<LogoCropperProps>;
}

let cropperModule: Promise<CropperModule> | null = null;

/** The cropper is a chunk of its own, loaded once a file is picked (again after a failure). */
function loadCropper(): Promise<CropperModule> {
  cropperModule ??= import('./LogoCropper.tsx').catch((err: unknown) => {
    cropperModule = null;
    throw err;
  });
  return cropperModule;
}

type Opened =
  { problem: string } | { problem: null; url: string; Cropper: ComponentType<LogoCropperProps> };

/** Checks the picked file and loads the cropper alongside: what to show next. */
async function openLogoFile(file: File): Promise<Opened> {
  const early = logoFileProblem(file);
  if (early) return { problem: early };
  const cropper = loadCropper();
  cropper.catch(() => {}); // awaited below only if the file passes
  const problem = await checkLogoFile(file);
  if (problem) return { problem };
  const url = URL.createObjectURL(file);
  const refuse = (why: string): Opened => {
    URL.revokeObjectURL(url);
    return { problem: why };
  };
  const size = await readImageSize(url).catch(() => null);
  if (!size) return refuse(LOGO_FILE_MESSAGES.unreadable);
  const tooBig = imageSizeProblem(size);
  if (tooBig) return refuse(tooBig);
  try {
    return { problem: null, url, Cropper: (await cropper).LogoCropper };
  } catch {
    return refuse('The image editor could not be loaded. Check your connection and try again.');
  }
}

/**
 * admin/general, Logo: the current logo; an editor picks an image (PNG, JPEG or WebP), crops
 * it to a square in the browser and uploads the crop (at most the server's logo box).
 */
export function AccountLogoForm({ account, canEdit }: { account: Account; canEdit: boolean }) {
  const upload = useUploadLogo();
  const hintId = useId();
  const [picked, setPicked] = useState<Extract<Opened, { problem: null }> | null>(null);
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
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
    setSaved(false);
    setProblem(null);
    upload.reset();
    setOpening(true);
    const opened = await openLogoFile(file);
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

  function save(image: Blob) {
    setProblem(null);
    upload.mutate(image, {
      onSuccess: () => {
        close();
        setSaved(true);
      },
      onError: (err) => setProblem(logoUploadMessage(err)),
    });
  }

  let status = '';
  if (opening) status = 'Opening the image…';
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
      ) : picked ? (
        <picked.Cropper
          src={picked.url}
          saving={upload.isPending}
          error={problem}
          onSave={save}
          onCancel={close}
        />
      ) : (
        <Stack gap={6}>
          <Group>
            <FileButton
              onChange={(f) => void choose(f)}
              accept={LOGO_PICK_ACCEPT}
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
                  {account.logoUrl ? 'Choose a new logo' : 'Choose an image'}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="dimmed" id={hintId}>
            PNG, JPEG or WebP, up to {LOGO_PICK_MAX_MB} MB. You crop it to a square next; it is
            saved at most {LOGO_MAX_SIDE} × {LOGO_MAX_SIDE} pixels.
          </Text>
          {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        </Stack>
      )}
      {canEdit ? (
        <Text size="sm" c={saved ? 'teal' : 'dimmed'} role="status">
          {status}
        </Text>
      ) : null}
    </Stack>
  );
}
