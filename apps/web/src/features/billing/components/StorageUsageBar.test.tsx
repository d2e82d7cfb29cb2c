import { screen, within } from '@testing-library/react';
import { PLANS } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { OWNER_ACCOUNT, summary } from '../test/fixtures.ts';
import { renderWithServer } from '../test/render.tsx';
import { BillingPanel } from './BillingPanel.tsx';
import { StorageUsageBar } from './StorageUsageBar.tsx';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('StorageUsageBar', () => {
  it('says when no files are stored yet, and that exports do not count', () => {
    renderWithServer(
      <StorageUsageBar storage={{ usedBytes: 0, files: 0, quotaBytes: PLANS.pro.storageBytes }} />,
    );
    const bar = screen.getByTestId('usage-storage');
    expect(bar.dataset.state).toBe('empty');
    expect(within(bar).getByText('0 bytes of 10 GB')).toBeTruthy();
    expect(bar.textContent).toContain('No files stored yet.');
    expect(bar.textContent).toContain('account exports do not');
    expect(
      within(bar).getByRole('progressbar', { name: 'File storage: 0 bytes of 10 GB, 0% used' }),
    ).toBeTruthy();
  });

  it('shows the bytes used, the share and the files', () => {
    renderWithServer(
      <StorageUsageBar storage={{ usedBytes: 1.5 * GB, files: 42, quotaBytes: 10 * GB }} />,
    );
    const bar = screen.getByTestId('usage-storage');
    expect(bar.dataset.state).toBe('ok');
    expect(within(bar).getByText('1.5 GB of 10 GB')).toBeTruthy();
    expect(bar.textContent).toContain('15% used · 42 files');
    expect(bar.textContent).not.toContain('refused');
  });

  it('warns when nearly full and when full', () => {
    const { unmount } = renderWithServer(
      <StorageUsageBar storage={{ usedBytes: 230 * MB, files: 9, quotaBytes: 250 * MB }} />,
    );
    let bar = screen.getByTestId('usage-storage');
    expect(bar.dataset.state).toBe('near');
    expect(bar.textContent).toContain('20 MB left. Uploads that do not fit are refused.');
    unmount();
    renderWithServer(
      <StorageUsageBar storage={{ usedBytes: 250 * MB, files: 10, quotaBytes: 250 * MB }} />,
    );
    bar = screen.getByTestId('usage-storage');
    expect(bar.dataset.state).toBe('full');
    expect(bar.textContent).toContain('Storage is full. New files are refused');
  });

  it('is on the billing tab with the plans’ storage', async () => {
    const billing = summary({
      plan: 'pro',
      storage: { usedBytes: 3 * MB, files: 2, quotaBytes: 10 * GB },
    });
    renderWithServer(<BillingPanel account={OWNER_ACCOUNT} />, {
      'GET /api/v1/billing': () => jsonResponse(billing),
      'GET /api/v1/billing/invoices': () => jsonResponse({ items: [] }),
    });
    const bar = await screen.findByTestId('usage-storage');
    expect(within(bar).getByText('3 MB of 10 GB')).toBeTruthy();
    expect(screen.getAllByText(/File storage:/).map((e) => e.textContent)).toEqual([
      'File storage: 250 MB',
      'File storage: 10 GB',
      'File storage: 100 GB',
    ]);
  });
});
