import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

describe('client tenant screens', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('a tenant the API does not know (404) shows “Client tenant not found”', async () => {
    renderApp('/tenant/elsewhere/overview', USER);
    expect(await screen.findByText('Client tenant not found', {}, T)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to client tenants' })).toBeTruthy();
  });

  it('the list shows an error with a retry when it cannot load', async () => {
    renderApp('/tenant', USER);
    expect(await screen.findByText('The client tenants could not be loaded', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
