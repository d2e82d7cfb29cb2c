import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageCropper, type ImageCropperProps, type ImageCropSettings } from './ImageCropper.tsx';

/** The account logo's settings: a fixed square. */
const SQUARE: ImageCropSettings = {
  label: 'Crop the new logo',
  hint: 'The square becomes the logo.',
  saveLabel: 'Save logo',
  aspect: 1,
  limits: { maxSide: 512, maxBytes: 1024 * 1024 },
};

/** A content image's settings: the person picks the shape. */
const ANY_SHAPE: ImageCropSettings = {
  label: 'Crop the image',
  hint: 'It is saved at most 2048 pixels wide or high.',
  saveLabel: 'Upload image',
  aspect: 'choice',
  limits: { maxSide: 2048, maxBytes: 1024 * 1024 },
};

function renderCropper(props: Partial<ImageCropperProps> = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <ImageCropper
        {...SQUARE}
        src="blob:picked"
        saving={false}
        error={null}
        onSave={onSave}
        onCancel={onCancel}
        {...props}
      />
    </MantineProvider>,
  );
  return { onSave, onCancel };
}

// happy-dom loads no image, so the crop area itself is exercised by the e2e journeys.
describe('image cropper', () => {
  it('takes the focus and shows the picked image with a labelled zoom slider', () => {
    renderCropper();
    const group = screen.getByRole('group', { name: 'Crop the new logo' });
    expect(document.activeElement).toBe(group);
    expect(screen.getByRole('img', { name: 'The chosen image' }).getAttribute('src')).toBe(
      'blob:picked',
    );
    expect(screen.getByText('The square becomes the logo.')).toBeTruthy();
    expect(screen.getByText('Zoom')).toBeTruthy();
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom.getAttribute('aria-valuenow')).toBe('1');
    expect(zoom.getAttribute('aria-valuetext')).toBe('100%');
    // A fixed shape: nothing to choose.
    expect(screen.queryByText('Shape')).toBeNull();
  });

  it('zooms with the keyboard, between 100 % and 400 %', async () => {
    renderCropper();
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    zoom.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(zoom.getAttribute('aria-valuetext')).toBe('110%');
    await userEvent.keyboard('{End}');
    expect(zoom.getAttribute('aria-valuetext')).toBe('400%');
    await userEvent.keyboard('{Home}');
    expect(zoom.getAttribute('aria-valuetext')).toBe('100%');
  });

  it('saves nothing before the crop area is known; Cancel cancels', async () => {
    const { onSave, onCancel } = renderCropper();
    const save = screen.getByRole('button', { name: 'Save logo' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says so when the image cannot be read, and shows the upload’s error', () => {
    renderCropper({ error: 'The image may be at most 1 MB.' });
    expect(screen.getByRole('alert').textContent).toBe('The image may be at most 1 MB.');
    fireEvent.error(screen.getByRole('img', { name: 'The chosen image' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The image could not be read (it may be damaged). Choose another file.',
    );
    expect(screen.getByRole('button', { name: 'Save logo' })).toHaveProperty('disabled', true);
  });

  it('keeps Cancel off while the upload runs', () => {
    renderCropper({ saving: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });

  it('offers the shapes when the person picks one, “Original” first', async () => {
    renderCropper(ANY_SHAPE);
    expect(screen.getByRole('group', { name: 'Crop the image' })).toBeTruthy();
    expect(screen.getByText('It is saved at most 2048 pixels wide or high.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Shape' })).toBeTruthy();
    for (const name of ['16:9', '4:3', 'Square', '3:4']) {
      expect(screen.getByRole('radio', { name })).toHaveProperty('checked', false);
    }
    expect(screen.getByRole('radio', { name: 'Original' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Square' }));
    expect(screen.getByRole('radio', { name: 'Square' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Upload image' })).toHaveProperty('disabled', true);
  });
});
