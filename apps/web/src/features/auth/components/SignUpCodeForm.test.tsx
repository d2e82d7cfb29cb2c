import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { SignUpCodeForm } from './SignUpCodeForm.tsx';

function renderForm(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <SignUpCodeForm email="robin@example.test" onDone={onDone} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

describe('sign-up code form', () => {
  it('asks for the six digits before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    expect(screen.getByText(/robin@example\.test/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s word beside the code, and signs in with the right one', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/v1/signup/verify' && fetch.mock.calls.length === 1) {
        return jsonResponse(
          {
            error: {
              code: 'auth.invalid_code',
              message: 'That code is not valid or has expired.',
              fields: { code: 'Not valid or expired.' },
            },
          },
          400,
        );
      }
      if (url === '/api/v1/signup/verify') return jsonResponse({ status: 'signed-in' });
      return jsonResponse(null); // GET /api/v1/me
    });
    vi.stubGlobal('fetch', fetch);
    const onDone = renderForm();
    await userEvent.type(screen.getByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Not valid or expired.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('sends a new code on request', async () => {
    const fetch = vi.fn(async () => jsonResponse({ status: 'sent' }, 202));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'send a new code' }));
    expect(await screen.findByText('A new code is on its way to robin@example.test.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/signup/code', expect.anything());
  });
});
