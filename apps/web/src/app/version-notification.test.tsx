import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showNewVersionNotification } from './version-notification.tsx';

describe('new-version notification', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows the message with one Refresh Now button that reloads, and stays', async () => {
    const reload = vi.fn();
    render(
      <MantineProvider>
        <Notifications position="top-center" />
      </MantineProvider>,
    );
    act(() => showNewVersionNotification(reload));
    expect(await screen.findByText('A new version is available!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notificationsStore.getState().notifications).toEqual([
      expect.objectContaining({
        id: 'new-version',
        position: 'top-center',
        autoClose: false,
        color: 'indigo',
      }),
    ]);
  });
});
