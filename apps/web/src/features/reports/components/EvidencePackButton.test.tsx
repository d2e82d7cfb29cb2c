import { Notifications, notifications } from '@mantine/notifications';
import type { EvidencePack } from '@tenantry/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { EvidencePackButton } from './EvidencePackButton.tsx';

const T = { timeout: 5_000 };

const pack = (over: Partial<EvidencePack> = {}): EvidencePack => ({
  id: 'p1',
  assessmentId: 'a1',
  status: 'queued',
  progress: 0,
  fileName: 'Annual-review-evidence.zip',
  bytes: null,
  sha256: null,
  error: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('the evidence pack button', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  it('asks for the pack, shows its progress while it is packed, then downloads it', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const polls = [
      pack({ status: 'running', progress: 0.5 }),
      pack({ status: 'done', progress: 1, bytes: 2048, sha256: 'ab'.repeat(32) }),
    ];
    stubApi({
      'POST /api/v1/tenants/t1/assessments/a1/evidence-packs': () => jsonResponse(pack(), 202),
      'GET /api/v1/tenants/t1/evidence-packs/p1': () =>
        jsonResponse(polls.length > 1 ? polls.shift() : polls[0]),
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <Notifications />
              <EvidencePackButton tenantId="t1" assessmentId="a1" />
            </>
          ),
        },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Evidence pack' }, T));
    expect(await screen.findByRole('button', { name: /Packing… 50 %/ }, T)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Packing the evidence pack… 50 %');
    expect(
      await screen.findByText('The evidence pack is ready: Annual-review-evidence.zip', {}, T),
    ).toBeTruthy();
    expect(clicked).toEqual(['/api/v1/tenants/t1/evidence-packs/p1/file']);
  });

  it('says plainly why it was refused', async () => {
    stubApi({
      'POST /api/v1/tenants/t1/assessments/a1/evidence-packs': () =>
        jsonResponse(
          {
            error: {
              code: 'evidence.pack_too_many',
              message: 'This client tenant already has 2 evidence packs on their way.',
              requestId: 'r',
            },
          },
          429,
        ),
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <Notifications />
              <EvidencePackButton tenantId="t1" assessmentId="a1" />
            </>
          ),
        },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Evidence pack' }, T));
    expect(
      await screen.findByText(/already has 2 evidence packs on their way/, {}, T),
    ).toBeTruthy();
  });
});
