// The image cropper: a chunk of its own (react-easy-crop and the canvas work), loaded by
// ImageCropUpload only when a person has picked a file.
import { Box, Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import {
  ASPECT_CHOICES,
  IMAGE_ZOOM,
  aspectChoiceLabel,
  aspectRatio,
  isUsableArea,
  type AspectChoice,
  type EncodedImage,
  type ImageLimits,
  type Size,
} from '#web/lib/image-crop.ts';
import { renderCrop } from '#web/lib/render-image.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { t } from '../messages.ts';

/** How an image is cropped: its names and words, its shape, what the upload may be. */
export interface ImageCropSettings {
  /** The cropper's name (a group): "Crop the image". */
  label: string;
  /** Under the crop area: how to move it, and what becomes of it. */
  hint: string;
  /** The save button: "Upload image". */
  saveLabel: string;
  /** A fixed shape (width / height, 1 for a square), or `choice`: the person picks one. */
  aspect: number | 'choice';
  limits: ImageLimits;
  /** The crop area's height on a phone and on a wider screen. */
  height?: { base: number; sm: number };
}

export interface ImageCropperProps extends ImageCropSettings {
  /** The picked image (an object URL). */
  src: string;
  /** The upload is under way. */
  saving: boolean;
  /** Why the last upload was refused, shown beside the buttons. */
  error: string | null;
  /** The cropped image, encoded within the limits, ready to upload. */
  onSave: (image: EncodedImage) => void;
  onCancel: () => void;
  /** Draws the crop (tests give their own; the browser draws on a canvas). */
  render?: (src: string, area: Area, limits: ImageLimits) => Promise<EncodedImage>;
}

const percent = (zoom: number) => `${Math.round(zoom * 100)}%`;

/**
 * Crop a picked image before it is uploaded: a shape (fixed, or one the person picks), drag
 * or arrow keys to move, a labelled zoom slider. The crop is drawn on a canvas and encoded as
 * WebP (or JPEG) within the upload's limits.
 */
export function ImageCropper({
  src,
  saving,
  error,
  onSave,
  onCancel,
  label,
  hint,
  saveLabel,
  aspect,
  limits,
  height = { base: 240, sm: 340 },
  render = renderCrop,
}: ImageCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(IMAGE_ZOOM.min);
  const [shape, setShape] = useState<AspectChoice>('original');
  const [natural, setNatural] = useState<Size | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [rendering, setRendering] = useState(false);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const hintId = useId();
  const shapeId = useId();
  const group = useRef<HTMLDivElement>(null);

  // Picking a file leaves the focus on a button that is gone: bring it here.
  useEffect(() => group.current?.focus(), []);

  async function save() {
    if (!area || !natural) return;
    setRendering(true);
    setRenderError(null);
    try {
      onSave(await render(src, area, limits));
    } catch (err) {
      setRenderError(
        err instanceof Error && /larger than/.test(err.message)
          ? err.message
          : t('cropper.renderFailed'),
      );
    } finally {
      setRendering(false);
    }
  }

  const zoomSlider = (
    <>
      <Text size="sm" fw={500} aria-hidden>
        {t('cropper.zoom')}
      </Text>
      <Slider
        value={zoom}
        onChange={setZoom}
        min={IMAGE_ZOOM.min}
        max={IMAGE_ZOOM.max}
        step={IMAGE_ZOOM.step}
        label={percent}
        thumbLabel={t('cropper.zoom')}
        thumbValueText={percent}
        mt={6}
      />
    </>
  );
  const shownError = unreadable ? t('cropper.unreadable') : (renderError ?? error);
  return (
    <Stack gap="sm" ref={group} tabIndex={-1} role="group" aria-label={label}>
      <Box
        pos="relative"
        h={height}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect === 'choice' ? aspectRatio(shape, natural) : aspect}
          minZoom={IMAGE_ZOOM.min}
          maxZoom={IMAGE_ZOOM.max}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(isUsableArea(pixels) ? pixels : null)}
          onMediaLoaded={(m) => setNatural({ width: m.naturalWidth, height: m.naturalHeight })}
          mediaProps={{ alt: t('cropper.image'), onError: () => setUnreadable(true) }}
          cropperProps={{
            role: 'application',
            'aria-label': t('cropper.area'),
            'aria-describedby': hintId,
          }}
        />
      </Box>
      <Text size="xs" c="dimmed" id={hintId}>
        {hint}
      </Text>
      {aspect === 'choice' ? (
        <Group gap="lg" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500} id={shapeId} mb={4}>
              {t('cropper.shape')}
            </Text>
            <SegmentedControl
              aria-labelledby={shapeId}
              size="xs"
              value={shape}
              onChange={(v) => {
                setShape(v as AspectChoice);
                setCrop({ x: 0, y: 0 });
              }}
              data={ASPECT_CHOICES.map((c) => ({
                value: c.value,
                label: aspectChoiceLabel(c.value),
              }))}
            />
          </div>
          <Box flex="1 1 180px" miw={160}>
            {zoomSlider}
          </Box>
        </Group>
      ) : (
        <div>{zoomSlider}</div>
      )}
      {shownError ? <ErrorAlert>{shownError}</ErrorAlert> : null}
      <Group gap="sm">
        <Button
          onClick={() => void save()}
          loading={rendering || saving}
          disabled={!area || !natural || unreadable}
        >
          {saveLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('cropper.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
