import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { SignInForm } from './SignInForm.tsx';

function renderForm(onSignedIn = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <SignInForm onSignedIn={onSignedIn} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSignedIn;
}

describe('sign-in form', () => {
  it('shows inline errors and sends nothing for empty fields', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a refused sign-in shows one generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
      ),
    );
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@example.test');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input' }),
      'wrong-password',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid e-mail or password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('posts the credentials to Better Auth and reports success', async () => {
    const fetch = vi.fn(async () => jsonResponse({ token: 't', user: { id: 'u1' } }));
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'robin@example.test');
    await userEvent.type(
      screen.getByLabelText('Password', { selector: 'input' }),
      'correct-horse-42',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const call = fetch.mock.calls.find((c) =>
      String((c as unknown[])[0]).endsWith('/api/auth/sign-in/email'),
    ) as [string, RequestInit] | undefined;
    expect(call).toBeDefined();
    expect(JSON.parse(String(call?.[1].body))).toMatchObject({
      email: 'robin@example.test',
      password: 'correct-horse-42',
    });
  });
});
