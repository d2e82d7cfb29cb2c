import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { SharedSignInForm } from './SharedSignInForm.tsx';

function renderForm(onSignedIn = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <SharedSignInForm tenantId="client7" onSignedIn={onSignedIn} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSignedIn;
}

const bodyOf = (fetch: ReturnType<typeof vi.fn>, suffix: string) => {
  const call = fetch.mock.calls.find((c) => String((c as unknown[])[0]).endsWith(suffix)) as
    [string, RequestInit] | undefined;
  return call ? (JSON.parse(String(call[1].body)) as unknown) : undefined;
};

describe('shared sign-in form', () => {
  it('checks the address before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter an e-mail address')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a code, then signs in with it and reports success', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/code')) return jsonResponse({ status: 'sent' }, 202);
      if (url.endsWith('/verify')) return jsonResponse({ tenantId: 'client7' });
      return jsonResponse({ error: { code: 'common.unauthenticated', message: 'x' } }, 401);
    });
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ari@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/Enter the code we sent to/)).toBeTruthy();
    expect(bodyOf(fetch, '/api/v1/shared-signin/client7/code')).toEqual({
      email: 'ari@client.test',
    });

    await userEvent.type(screen.getByLabelText(/^Code/), '12 34 56');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch, '/api/v1/shared-signin/client7/verify')).toEqual({
      email: 'ari@client.test',
      code: '123456',
    });
  });

  it('a short code is caught in the form; a refused code shows one generic message', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/code')
        ? jsonResponse({ status: 'sent' }, 202)
        : jsonResponse(
            { error: { code: 'sharing.invalid_code', message: 'server words', fields: {} } },
            400,
          ),
    );
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ari@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/^Code/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByLabelText(/^Code/), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid or has expired/);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
