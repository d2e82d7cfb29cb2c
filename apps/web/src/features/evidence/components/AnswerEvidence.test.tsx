import type { EvidenceFile } from '@tenantry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubUploads } from '#web/test/fake-xhr.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { evidenceFile } from '../test/fixtures.ts';
import { AnswerEvidence } from './AnswerEvidence.tsx';
import { EvidenceExpiryNote } from './EvidenceExpiryNote.tsx';

const T = { timeout: 5_000 };
const MAP = '/api/v1/tenants/t1/assessments/a1/evidence';

function renderArea(
  answers: Record<string, EvidenceFile[]>,
  routes: ExtraRoutes = {},
  canEdit = true,
) {
  let current = answers;
  const calls = stubApi({
    [`GET ${MAP}`]: () => jsonResponse({ answers: current }),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <div data-testid="question">
            <EvidenceExpiryNote tenantId="t1" assessmentId="a1" />
            <AnswerEvidence
              tenantId="t1"
              assessmentId="a1"
              questionKey="mfa"
              canEdit={canEdit}
              pasteScope={document.body}
            />
          </div>
        ),
      },
    ],
    '/',
  );
  return { calls, setAnswers: (a: Record<string, EvidenceFile[]>) => (current = a) };
}

const png = (name = 'image.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], name, { type: 'image/png' });

describe("an answer's evidence", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the files with type, size, dates, state and who, and counts the expired in the header', async () => {
    renderArea({
      mfa: [
        evidenceFile(),
        evidenceFile({
          id: 'ev2',
          name: 'admin-console.png',
          contentType: 'image/png',
          previewUrl: '/api/v1/tenants/t1/evidence/ev2/preview',
          expiresOn: '2026-01-31',
          state: 'expired',
        }),
      ],
      other: [
        evidenceFile({ id: 'ev3', name: 'old.csv', contentType: 'text/csv', state: 'expired' }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Evidence of mfa' }, T);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('mfa-policy.pdf')).toBeTruthy();
    expect(within(items[0]!).getByText('PDF · 47 KB')).toBeTruthy();
    expect(within(items[0]!).getByText(/Uploaded by Robin Park/)).toBeTruthy();
    expect(within(items[1]!).getByText('Expired')).toBeTruthy();
    expect(
      within(items[1]!)
        .getByRole('img', { name: 'Preview of admin-console.png' })
        .getAttribute('src'),
    ).toBe('/api/v1/tenants/t1/evidence/ev2/preview');
    expect(screen.getByText('2 of 10 files')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('1 file expired');
    // The header counts each file of the assessment once.
    expect(screen.getByText('2 files expired')).toBeTruthy();
  });

  it('downloads through a signed link', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = renderArea(
      { mfa: [evidenceFile()] },
      {
        'POST /api/v1/tenants/t1/evidence/ev1/download-link': () =>
          jsonResponse({
            url: '/api/v1/evidence-downloads/tok',
            expiresAt: '2026-03-01T10:05:00Z',
          }),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download mfa-policy.pdf' }, T),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/evidence-downloads/tok'));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/download-link'))).toBe(true);
  });

  it('uploads a dropped file as the raw body, linked to the answer, with its progress', async () => {
    const view = renderArea({ mfa: [] });
    let release: () => void = () => undefined;
    const sent = stubUploads(async (req) => {
      await new Promise<void>((r) => (release = r));
      const stored = evidenceFile({ id: 'ev9', name: req.url.searchParams.get('name')! });
      view.setAnswers({ mfa: [stored] });
      return { status: 201, body: stored };
    });
    expect(await screen.findByText('No evidence attached yet.', {}, T)).toBeTruthy();
    const pdf = new File(['%PDF-1.4 test'], 'policy.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByRole('group', { name: 'Add evidence to mfa' }), {
      dataTransfer: { files: [pdf], types: ['Files'] },
    });
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading policy.pdf' }, T),
    ).toBeTruthy();
    expect(screen.getByText('Uploading policy.pdf · 100 %')).toBeTruthy();
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/api/v1/tenants/t1/evidence');
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({
      name: 'policy.pdf',
      assessmentId: 'a1',
      questionKey: 'mfa',
    });
    expect(sent[0]!.body).toBe(pdf);
    release();
    expect(await screen.findByText('policy.pdf', {}, T)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('attaches a screenshot pasted while the question has the focus, named for what it is', async () => {
    renderArea({ mfa: [] });
    const sent = stubUploads((req) => ({
      status: 201,
      body: evidenceFile({ name: req.url.searchParams.get('name')! }),
    }));
    await screen.findByText('No evidence attached yet.', {}, T);
    fireEvent.paste(document.body, {
      clipboardData: { files: [png()], types: ['Files'] },
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url.searchParams.get('name')).toMatch(
      /^Screenshot \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.\d{2}\.png$/,
    );
    expect(sent[0]!.headers['content-type']).toBe('image/png');
  });

  it('says why the server refused a file, and refuses an oversized one without sending it', async () => {
    renderArea({ mfa: [] });
    const sent = stubUploads(() => ({
      status: 415,
      body: {
        error: {
          code: 'evidence.type_not_allowed',
          message: 'This file is not one of the accepted types (its bytes say application/zip).',
        },
      },
    }));
    await screen.findByText('No evidence attached yet.', {}, T);
    const zone = screen.getByRole('group', { name: 'Add evidence to mfa' });
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['PK'], 'fake.pdf'), big], types: ['Files'] },
    });
    const alerts = await screen.findAllByRole('alert', {}, T);
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'huge.pdf was not added: The file is 26 MB; a file may be at most 25 MB.',
        ),
      ]),
    );
    expect(await screen.findByText(/its bytes say application\/zip/, {}, T)).toBeTruthy();
    expect(sent).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Dismiss the message about huge.pdf' }),
    );
    expect(screen.queryByText(/huge\.pdf was not added/)).toBeNull();
  });

  it('removes a file from the answer, and adds one from the library (the limit refused clearly)', async () => {
    const { calls } = renderArea(
      { mfa: [evidenceFile()] },
      {
        'DELETE /api/v1/tenants/t1/assessments/a1/answers/mfa/evidence/ev1': () =>
          new Response(null, { status: 204 }),
        'GET /api/v1/tenants/t1/evidence': () =>
          jsonResponse({
            items: [
              evidenceFile(),
              evidenceFile({ id: 'ev5', name: 'sso-export.csv', contentType: 'text/csv' }),
            ],
            nextCursor: null,
          }),
        'PUT /api/v1/tenants/t1/assessments/a1/answers/mfa/evidence/ev5': () =>
          jsonResponse(
            {
              error: {
                code: 'evidence.too_many_files',
                message: 'This answer already has 10 files.',
              },
            },
            409,
          ),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove mfa-policy.pdf from this answer' }, T),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Add from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add evidence from the library' }, T);
    expect(within(dialog).getByRole('button', { name: 'Attached: mfa-policy.pdf' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach sso-export.csv' }));
    expect(
      await within(dialog).findByText('This answer already has 10 files.', {}, T),
    ).toBeTruthy();
  });

  it('is read-only for who cannot answer: no drop zone, no remove', async () => {
    renderArea({ mfa: [evidenceFile()] }, {}, false);
    expect(await screen.findByText('mfa-policy.pdf', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download mfa-policy.pdf' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Add evidence to mfa' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add from library' })).toBeNull();
  });
});
