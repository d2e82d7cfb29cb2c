import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

describe('sign-up', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('says a plain sign-up makes you the owner of a new account', async () => {
    renderApp('/signup', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }, T),
    ).toBeTruthy();
    expect(screen.getByText(/You become the owner of a new account/)).toBeTruthy();
  });

  it('says a sign-up from an invitation joins the inviting account', async () => {
    renderApp('/signup?email=kim%40example.test&next=%2Finvitations%2Ftok1', null, {
      routes: {
        'GET /api/v1/invitations/by-token/tok1': () =>
          jsonResponse({
            accountName: 'Northwind Consulting',
            role: 'member',
            email: 'kim@example.test',
            status: 'pending',
            expiresAt: '2026-03-08T10:00:00.000Z',
          }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your sign-in' }, T),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Create your sign-in to join Northwind Consulting as Member. Then you accept the invitation.',
        {},
        T,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/owner of a new account/)).toBeNull();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('kim@example.test');
  });
});
