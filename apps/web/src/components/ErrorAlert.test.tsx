import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

function renderIt(ui: ReactNode) {
  render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

const limitReached = new ApiError(
  402,
  'billing.limit_reached',
  'The Free plan includes 3 client tenants and this account has 3. Upgrade the plan to add more.',
  {},
  'r1',
  { limit: 'tenants', allowed: 3, used: 3, plan: 'free' },
);

describe('ErrorAlert', () => {
  it('turns a 402 from the plan into an upgrade prompt with the way to the plans', () => {
    renderIt(<ErrorAlert error={limitReached}>This message is not shown</ErrorAlert>);
    const prompt = screen.getByRole('alert');
    expect(prompt.textContent).toContain('Your plan has no room for more client tenants');
    expect(prompt.textContent).toContain(
      'The Free plan includes 3 client tenants and this account has 3.',
    );
    expect(prompt.textContent).not.toContain('This message is not shown');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
  });

  it('names a locked feature', () => {
    renderIt(
      <ErrorAlert
        error={
          new ApiError(402, 'billing.feature_locked', 'No.', {}, 'r2', {
            feature: 'privateContent',
            plan: 'free',
          })
        }
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Your own frameworks, playbooks and articles: not in your plan',
    );
    expect(screen.getByRole('link', { name: 'See plans' })).toBeTruthy();
  });

  it('shows any other error as its message, or the words it is given', () => {
    renderIt(<ErrorAlert error={new ApiError(409, 'tenants.conflict', 'Name taken.')} />);
    expect(screen.getByRole('alert').textContent).toBe('Name taken.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps working without an error', () => {
    renderIt(<ErrorAlert>Plain words.</ErrorAlert>);
    expect(screen.getByRole('alert').textContent).toBe('Plain words.');
  });
});
