import type { EvidenceDetail } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubUploads } from '#web/test/fake-xhr.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { evidenceFile } from '../test/fixtures.ts';
import { EvidenceLibrary } from './EvidenceLibrary.tsx';

const T = { timeout: 5_000 };
const LIB = '/api/v1/tenants/t1/evidence';

const DETAIL: EvidenceDetail = {
  ...evidenceFile({ revision: 2, version: 3 }),
  revisions: [
    {
      id: 'r2',
      revision: 2,
      name: 'mfa-policy.pdf',
      contentType: 'application/pdf',
      bytes: 48_213,
      sha256: 'b'.repeat(64),
      effectiveOn: '2026-03-01',
      expiresOn: null,
      uploadedBy: { userId: 'u1', respondentId: null, name: 'Robin Park' },
      uploadedAt: '2026-03-01T10:00:00.000Z',
    },
    {
      id: 'r1',
      revision: 1,
      name: 'mfa-policy-2025.pdf',
      contentType: 'application/pdf',
      bytes: 40_000,
      sha256: 'c'.repeat(64),
      effectiveOn: '2025-03-01',
      expiresOn: '2026-03-01',
      uploadedBy: { userId: 'u1', respondentId: null, name: 'Robin Park' },
      uploadedAt: '2025-03-01T10:00:00.000Z',
    },
  ],
  uses: [
    {
      assessmentId: 'a1',
      assessmentName: 'Q1 review',
      questionKey: 'mfa',
      questionTitle: 'Is MFA on for e-mail?',
    },
  ],
};

function renderLibrary(routes: ExtraRoutes = {}, canEdit = true, at = '/') {
  const calls = stubApi({
    [`GET ${LIB}`]: (_, url) =>
      jsonResponse({
        items: url.searchParams.get('state') === 'expired' ? [] : [evidenceFile()],
        nextCursor: null,
      }),
    [`GET ${LIB}/ev1`]: () => jsonResponse(DETAIL),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EvidenceLibrary
            tenantId="t1"
            canEdit={canEdit}
            hrefOfUse={(u) => `/tenant/t1/assessments/${u.assessmentId}?q=${u.questionKey}`}
          />
        ),
      },
    ],
    at,
  );
  return calls;
}

describe("a client tenant's evidence library", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the files, searches by name and filters by state', async () => {
    const calls = renderLibrary();
    const list = await screen.findByRole('list', { name: 'Evidence files' }, T);
    expect(within(list).getByText('mfa-policy.pdf')).toBeTruthy();
    expect(within(list).getByText('Attached to 1 answer')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search evidence' }), 'policy');
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('q') === 'policy')).toBe(true),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Expired' }));
    expect(await screen.findByText('No file matches.', { exact: false }, T)).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('state')).toBe('expired');
    await userEvent.click(screen.getByRole('button', { name: 'Show all files' }));
    expect(await screen.findByText('mfa-policy.pdf', {}, T)).toBeTruthy();
  });

  it('opens the file and the filter the address names (the expiry e-mail links there)', async () => {
    const calls = renderLibrary({}, true, '/?state=expiring&file=ev1');
    const drawer = await screen.findByRole('dialog', {}, T);
    expect(await within(drawer).findByRole('region', { name: 'Where it is used' }, T)).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('state') === 'expiring')).toBe(true),
    );
  });

  it('says so when the library is empty', async () => {
    renderLibrary({ [`GET ${LIB}`]: () => jsonResponse({ items: [], nextCursor: null }) });
    expect(await screen.findByText('No evidence yet', {}, T)).toBeTruthy();
  });

  it('opens a file: where it is used, its revisions, and a replacement upload', async () => {
    renderLibrary();
    const sent = stubUploads(() => ({ status: 200, body: evidenceFile({ revision: 3 }) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open mfa-policy.pdf' }, T));
    const drawer = await screen.findByRole('dialog', {}, T);
    const used = await within(drawer).findByRole('region', { name: 'Where it is used' }, T);
    expect(
      within(used)
        .getByRole('link', { name: 'Q1 review · mfa Is MFA on for e-mail?' })
        .getAttribute('href'),
    ).toBe('/tenant/t1/assessments/a1?q=mfa');
    const revisions = within(drawer).getByRole('region', { name: 'Revisions' });
    expect(within(revisions).getByText(/Revision 2 \(current\)/)).toBeTruthy();
    expect(within(revisions).getByText(/Revision 1 · mfa-policy-2025.pdf/)).toBeTruthy();
    expect(within(revisions).getByText(`SHA-256 ${'c'.repeat(64)}`)).toBeTruthy();

    within(drawer).getByRole('group', { name: 'Replace mfa-policy.pdf' });
    const input = drawer.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(
      input,
      new File(['%PDF-1.7 new'], 'mfa-policy-2026.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url.pathname).toBe(`${LIB}/ev1/revisions`);
    expect(sent[0]!.url.searchParams.get('version')).toBe('3');
    expect(sent[0]!.url.searchParams.get('name')).toBe('mfa-policy-2026.pdf');
  });

  it('edits the dates with the version read; on a conflict shows theirs and saves mine again', async () => {
    const patches: unknown[] = [];
    renderLibrary({
      [`PATCH ${LIB}/ev1`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { version: number };
        patches.push(body);
        return body.version === 3
          ? jsonResponse(
              {
                error: {
                  code: 'evidence.conflict',
                  message: 'Someone changed this file meanwhile.',
                  details: {
                    current: evidenceFile({ name: 'MFA policy (signed).pdf', version: 4 }),
                  },
                },
              },
              409,
            )
          : jsonResponse(evidenceFile({ expiresOn: '2027-03-01', version: 5 }));
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open mfa-policy.pdf' }, T));
    const form = await screen.findByRole('form', { name: 'File details' }, T);
    const expires = within(form).getByLabelText('Expires');
    await userEvent.type(expires, '2027-03-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    const alert = await within(form).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('MFA policy (signed).pdf');
    expect(patches[0]).toEqual({
      name: 'mfa-policy.pdf',
      effectiveOn: '2026-03-01',
      expiresOn: '2027-03-01',
      version: 3,
    });
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    expect(await within(form).findByText('Saved.', {}, T)).toBeTruthy();
    expect(patches[1]).toMatchObject({ expiresOn: '2027-03-01', version: 4 });
  });

  it('deletes a file after a confirmation', async () => {
    const calls = renderLibrary({
      [`DELETE ${LIB}/ev1`]: () => new Response(null, { status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open mfa-policy.pdf' }, T));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete file' }, T));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this file?' }, T);
    expect(confirm.textContent).toContain('with its 2 revisions and removed from 1 answer');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('is read-only for a viewer: no upload, edit or delete', async () => {
    renderLibrary({}, false);
    await userEvent.click(await screen.findByRole('button', { name: 'Open mfa-policy.pdf' }, T));
    await screen.findByRole('region', { name: 'Revisions' }, T);
    expect(screen.queryByRole('group', { name: 'Upload evidence to the library' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'File details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete file' })).toBeNull();
  });
});
