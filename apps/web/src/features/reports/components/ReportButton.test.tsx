import { Notifications, notifications } from '@mantine/notifications';
import type { Report } from '@tenantry/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { ReportButton } from './ReportButton.tsx';

const T = { timeout: 5_000 };
const CREATE = 'POST /api/v1/tenants/t1/assessments/a1/reports';
const ONE = 'GET /api/v1/tenants/t1/reports/r1';

const report = (over: Partial<Report> = {}): Report => ({
  id: 'r1',
  tenantId: 't1',
  assessmentId: 'a1',
  status: 'queued',
  progress: 0,
  fileName: 'Annual-review-report.pdf',
  bytes: null,
  error: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  finishedAt: null,
  createdBy: { id: 'u1', name: 'Olivia Owner' },
  ...over,
});

/** The links the button clicked for the person (downloads), by href and file name. */
function watchDownloads() {
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return clicked;
}

function renderButton(routes: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(routes);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Notifications />
            <ReportButton tenantId="t1" assessmentId="a1" />
          </>
        ),
      },
    ],
    '/',
  );
  return calls;
}

describe('the PDF report button', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  it('asks for the report, shows its progress while it renders, then downloads it', async () => {
    const downloads = watchDownloads();
    const polls = [
      report({ status: 'running', progress: 0.42 }),
      report({ status: 'done', progress: 1, bytes: 51_200, finishedAt: '2026-11-26T08:00:02Z' }),
    ];
    const calls = renderButton({
      [CREATE]: () => jsonResponse(report(), 202),
      [ONE]: () => jsonResponse(polls.length > 1 ? polls.shift() : polls[0]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'PDF report' }, T));
    // On its way: the button says how far, a bar shows it, a status says it to screen readers.
    const rendering = await screen.findByRole('button', { name: /Rendering… 42 %/ }, T);
    expect(rendering.hasAttribute('disabled')).toBe(true);
    const bar = screen.getByRole('progressbar', { name: 'Progress of the PDF report' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('status').textContent).toBe('Rendering the PDF report… 42 %');

    expect(
      await screen.findByText('The PDF report is ready: Annual-review-report.pdf', {}, T),
    ).toBeTruthy();
    expect(downloads).toEqual([
      { href: '/api/v1/tenants/t1/reports/r1/file', download: 'Annual-review-report.pdf' },
    ]);
    const again = screen.getByRole('link', { name: 'Download again' });
    expect(again.getAttribute('href')).toBe('/api/v1/tenants/t1/reports/r1/file');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'PDF report' }).hasAttribute('disabled')).toBe(false);
    // Polled until done, then no more.
    const gets = calls.filter((c) => c.method === 'GET').length;
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(calls.filter((c) => c.method === 'GET').length).toBe(gets);
  });

  it('says plainly why it was refused, and asks again on the next click', async () => {
    const downloads = watchDownloads();
    let refuse = true;
    renderButton({
      [CREATE]: () =>
        refuse
          ? jsonResponse(
              {
                error: {
                  code: 'reports.too_many',
                  message:
                    'This client tenant already has 3 reports on their way. Try again when one is ready.',
                },
              },
              429,
            )
          : jsonResponse(report({ status: 'done', progress: 1 }), 202),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'PDF report' }, T));
    expect(
      await screen.findByText(
        'This client tenant already has 3 reports on their way. Try again when one is ready.',
        {},
        T,
      ),
    ).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'PDF report' }));
    expect(await screen.findByText(/The PDF report is ready/, {}, T)).toBeTruthy();
    expect(screen.queryByText(/already has 3 reports/)).toBeNull();
    expect(downloads).toHaveLength(1);
  });

  it('says when the report could not be made', async () => {
    const downloads = watchDownloads();
    renderButton({
      [CREATE]: () => jsonResponse(report(), 202),
      [ONE]: () =>
        jsonResponse(
          report({ status: 'failed', error: 'The report could not be made. Ask for a new one.' }),
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'PDF report' }, T));
    expect(
      await screen.findByText('The report could not be made. Ask for a new one.', {}, T),
    ).toBeTruthy();
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'PDF report' }).hasAttribute('disabled')).toBe(false);
  });
});
