import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiReferenceSection } from './ApiReferenceSection.tsx';

// The real viewer (Swagger UI) is the lazy chunk; here a stand-in shows when it is loaded.
vi.mock('./OpenApiViewer.tsx', () => ({
  default: () => <div data-testid="openapi-viewer">the OpenAPI document</div>,
}));

const T = { timeout: 5_000 };

function renderSection() {
  render(
    <MantineProvider>
      <ApiReferenceSection />
    </MantineProvider>,
  );
}

describe('the API reference section', () => {
  it('explains authentication, scopes, rate limits and the check-results format', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'API reference' })).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer tnt_…')).toBeTruthy();
    const scopes = screen.getByRole('region', { name: 'Scopes' });
    for (const scope of ['tenants:read', 'assessments:read', 'answers:write', 'webhooks:manage']) {
      expect(within(scopes).getByText(scope)).toBeTruthy();
    }
    expect(within(scopes).getByText('Write answers')).toBeTruthy();
    const limits = screen.getByRole('region', { name: 'Rate limits' });
    expect(limits.textContent).toContain('600 requests a minute');
    expect(limits.textContent).toContain('Retry-After');
    const checks = screen.getByRole('region', { name: 'Automated check results' });
    expect(
      within(checks).getByText(
        'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/check-results',
      ),
    ).toBeTruthy();
    const example = within(checks).getByLabelText('Example check-results request body');
    expect(JSON.parse(example.textContent!)).toMatchObject({
      source: 'Defender for Endpoint',
      results: [{ questionKey: 'PR.AA-01' }, { questionKey: 'PR.PS-02' }, { na: true }],
    });
  });

  it('loads the OpenAPI document’s viewer only when asked to', async () => {
    renderSection();
    expect(screen.queryByTestId('openapi-viewer')).toBeNull();
    const show = screen.getByRole('button', { name: 'Show API reference' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'OpenAPI document (JSON)' }).getAttribute('href')).toBe(
      '/api/v1/openapi.json',
    );
    await userEvent.click(show);
    expect(await screen.findByTestId('openapi-viewer', {}, T)).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide API reference' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(hide);
    expect(screen.queryByTestId('openapi-viewer')).toBeNull();
  });
});
