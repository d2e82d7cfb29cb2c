import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { EMPTY_TENANT_FORM } from '../lib/tenant-form.ts';
import { TenantForm } from './TenantForm.tsx';

function renderForm(onSubmit: (body: unknown) => Promise<unknown>) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <TenantForm
          label="New client tenant"
          initial={EMPTY_TENANT_FORM}
          submitLabel="Create client tenant"
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('tenant form', () => {
  it('checks the fields with the server’s schema before sending', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Create client tenant' }));
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await userEvent.type(screen.getByLabelText('Contact 1 e-mail'), 'nope');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Acme ');
    await userEvent.click(screen.getByRole('button', { name: 'Create client tenant' }));
    expect(screen.getByText('A contact needs a name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create client tenant' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Acme', contacts: [] }));
  });

  it('shows the fields of a 400 beside their inputs, and its message above', async () => {
    renderForm(async () => {
      throw new ApiError(400, 'common.validation', 'Check the highlighted fields.', {
        name: 'That name is taken.',
      });
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create client tenant' }));
    expect(await screen.findByText('That name is taken.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Check the highlighted fields.');
  });

  it('shows an upgrade prompt when the plan has no room for another tenant (402)', async () => {
    renderForm(async () => {
      throw new ApiError(402, 'billing.limit_reached', 'Upgrade the plan.', {}, 'r1', {
        limit: 'tenants',
        allowed: 3,
        used: 3,
        plan: 'free',
      });
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create client tenant' }));
    expect(await screen.findByText('Your plan has no room for more client tenants')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
  });
});
