import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LogoCropper } from './LogoCropper.tsx';

function renderCropper(props: Partial<Parameters<typeof LogoCropper>[0]> = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <LogoCropper
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

// happy-dom loads no image, so the crop area itself is exercised by the e2e journey.
describe('logo cropper', () => {
  it('takes the focus and shows the picked image with a labelled zoom slider', () => {
    renderCropper();
    const group = screen.getByRole('group', { name: 'Crop the new logo' });
    expect(document.activeElement).toBe(group);
    expect(screen.getByRole('img', { name: 'The chosen image' }).getAttribute('src')).toBe(
      'blob:picked',
    );
    expect(screen.getByText('Zoom')).toBeTruthy();
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom.getAttribute('aria-valuenow')).toBe('1');
    expect(zoom.getAttribute('aria-valuetext')).toBe('100%');
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
});
