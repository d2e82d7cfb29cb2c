// The logo cropper: a chunk of its own (react-easy-crop and the canvas work), loaded by
// AccountLogoForm only when a person has picked a file.
import { Box, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { LOGO_ASPECT, LOGO_ZOOM, isUsableArea } from '../lib/logo-crop.ts';
import { renderLogo } from '../lib/render-logo.ts';

export interface LogoCropperProps {
  /** The picked image (an object URL). */
  src: string;
  /** The upload is under way. */
  saving: boolean;
  /** Why the last upload was refused, shown beside the buttons. */
  error: string | null;
  /** The cropped image, ready to upload. */
  onSave: (image: Blob) => void;
  onCancel: () => void;
}

const percent = (zoom: number) => `${Math.round(zoom * 100)}%`;

/** Pick the square that becomes the logo: drag or arrow keys to move, the slider to zoom. */
export function LogoCropper({ src, saving, error, onSave, onCancel }: LogoCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(LOGO_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [rendering, setRendering] = useState(false);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const hintId = useId();
  const group = useRef<HTMLDivElement>(null);

  // Picking a file leaves the focus on a button that is gone: bring it here.
  useEffect(() => group.current?.focus(), []);

  async function save() {
    if (!area || !loaded) return;
    setRendering(true);
    setRenderError(null);
    try {
      onSave(await renderLogo(src, area));
    } catch {
      setRenderError('The image could not be cropped in this browser. Try another image.');
    } finally {
      setRendering(false);
    }
  }

  const shownError = unreadable
    ? 'The image could not be read (it may be damaged). Choose another file.'
    : (renderError ?? error);
  return (
    <Stack gap="sm" ref={group} tabIndex={-1} role="group" aria-label="Crop the new logo">
      <Box
        pos="relative"
        h={{ base: 260, sm: 320 }}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={LOGO_ASPECT}
          minZoom={LOGO_ZOOM.min}
          maxZoom={LOGO_ZOOM.max}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(isUsableArea(pixels) ? pixels : null)}
          onMediaLoaded={() => setLoaded(true)}
          mediaProps={{ alt: 'The chosen image', onError: () => setUnreadable(true) }}
          cropperProps={{
            role: 'application',
            'aria-label': 'Crop area',
            'aria-describedby': hintId,
          }}
        />
      </Box>
      <Text size="xs" c="dimmed" id={hintId}>
        The square becomes the logo. Drag the image, or focus the crop area and use the arrow keys,
        to move it.
      </Text>
      <div>
        <Text size="sm" fw={500} aria-hidden>
          Zoom
        </Text>
        <Slider
          value={zoom}
          onChange={setZoom}
          min={LOGO_ZOOM.min}
          max={LOGO_ZOOM.max}
          step={LOGO_ZOOM.step}
          label={percent}
          thumbLabel="Zoom"
          thumbValueText={percent}
          mt={6}
        />
      </div>
      {shownError ? <ErrorAlert>{shownError}</ErrorAlert> : null}
      <Group gap="sm">
        <Button
          onClick={() => void save()}
          loading={rendering || saving}
          disabled={!area || !loaded || unreadable}
        >
          Save logo
        </Button>
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
