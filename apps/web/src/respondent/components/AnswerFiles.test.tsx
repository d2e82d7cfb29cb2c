import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { EvidenceFile } from '../lib/contract.ts';
import type { EvidenceClient, Outcome } from '../lib/evidence.ts';
import { render } from '../test-i18n.tsx';
import { AnswerFiles } from './AnswerFiles.tsx';

const file = (over: Partial<EvidenceFile> = {}): EvidenceFile => ({
  id: 'ev1',
  tenantId: 't1',
  name: 'policy.pdf',
  contentType: 'application/pdf',
  bytes: 2048,
  sha256: 'a'.repeat(64),
  effectiveOn: '2026-03-01',
  expiresOn: null,
  state: 'current',
  revision: 1,
  version: 1,
  uploadedBy: { userId: 'u1', respondentId: null, name: 'Robin Park' },
  uploadedAt: '2026-03-01T10:00:00.000Z',
  useCount: 1,
  previewUrl: null,
  ...over,
});

function client(over: Partial<EvidenceClient> = {}): EvidenceClient {
  return {
    load: vi.fn(async () => ({})),
    upload: vi.fn(async (_key: string, f: File, progress: (x: number) => void) => {
      progress(0.5);
      return {
        ok: true,
        value: file({
          id: 'ev9',
          name: f.name,
          uploadedBy: { userId: null, respondentId: 'r1', name: 'Ada' },
        }),
      } as Outcome<EvidenceFile>;
    }),
    remove: vi.fn(async () => ({ ok: true, value: null }) as Outcome<null>),
    downloadUrl: vi.fn(
      async () => ({ ok: true, value: '/api/v1/evidence-downloads/t' }) as Outcome<string>,
    ),
    ...over,
  };
}

function Harness({
  initial,
  api,
  offline = false,
  readOnly = false,
}: {
  initial: EvidenceFile[] | undefined;
  api: EvidenceClient;
  offline?: boolean;
  readOnly?: boolean;
}) {
  const [files, setFiles] = useState<readonly EvidenceFile[] | undefined>(initial);
  return (
    <AnswerFiles
      questionKey="1.1"
      files={files}
      readOnly={readOnly}
      context={{
        client: api,
        offline,
        respondentId: 'r1',
        onChange: (_, update) => setFiles((f) => update(f ?? [])),
      }}
    />
  );
}

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'IMG_0042.jpg', {
    type: 'image/jpeg',
  });

describe("a respondent's files of an answer", () => {
  it('attaches a photo from the picker (the camera on a phone) and removes their own', async () => {
    const api = client();
    render(<Harness initial={[file({ state: 'expiring' })]} api={api} />);
    const group = screen.getByRole('group', { name: 'Files for question 1.1' });
    expect(within(group).getByText('Expiring soon')).toBeTruthy();
    // Not theirs: no remove.
    expect(within(group).queryByRole('button', { name: 'Remove policy.pdf' })).toBeNull();
    const input = within(group).getByLabelText('Attach a file or photo') as HTMLInputElement;
    expect(input.accept.startsWith('image/*')).toBe(true);
    await userEvent.upload(input, photo());
    expect(await within(group).findByText('IMG_0042.jpg')).toBeTruthy();
    expect(api.upload).toHaveBeenCalledWith('1.1', expect.any(File), expect.any(Function));
    await userEvent.click(within(group).getByRole('button', { name: 'Remove IMG_0042.jpg' }));
    await waitFor(() => expect(within(group).queryByText('IMG_0042.jpg')).toBeNull());
    expect(api.remove).toHaveBeenCalledWith('1.1', 'ev9');
  });

  it('says why a file was refused, and refuses an oversized one without sending it', async () => {
    const api = client({
      upload: vi.fn(
        async () =>
          ({
            ok: false,
            problem: {
              kind: 'server',
              status: 415,
              code: 'evidence.type_not_allowed',
              message: 'The server’s English words.',
            },
          }) satisfies Outcome<EvidenceFile>,
      ),
    });
    render(<Harness initial={[]} api={api} />);
    const input = screen.getByLabelText('Attach a file or photo');
    const big = new File(['x'], 'video.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    await userEvent.upload(input, [big, photo()]);
    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((a) => a.textContent);
    expect(texts).toContainEqual(
      expect.stringContaining('video.jpg was not attached: The file is 30 MB'),
    );
    await waitFor(() =>
      expect(
        screen.getByText(
          // Said by its code, in the page's language (not the server's English message).
          'IMG_0042.jpg was not attached: This kind of file cannot be attached: send a PDF, a photo or an office document.',
        ),
      ).toBeTruthy(),
    );
    expect(api.upload).toHaveBeenCalledTimes(1);
  });

  it('offline, says files need a connection and offers no picker', () => {
    render(<Harness initial={[file()]} api={client()} offline />);
    expect(screen.getByText(/Files need a connection/)).toBeTruthy();
    expect(screen.queryByLabelText('Attach a file or photo')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download policy.pdf' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('after submitting, lists the files read-only', () => {
    render(
      <Harness
        initial={[file({ uploadedBy: { userId: null, respondentId: 'r1', name: 'Ada' } })]}
        api={client()}
        readOnly
      />,
    );
    expect(screen.getByText('policy.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByLabelText('Attach a file or photo')).toBeNull();
  });
});

describe('the files in German', () => {
  it('names, sizes and states in German, and a refusal in German', async () => {
    const big = new File(['x'], 'Foto.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 30.5 * 1024 * 1024 });
    const api = client();
    render(<Harness initial={[file({ state: 'expired', bytes: 1536 })]} api={api} />, {
      locale: 'de',
    });
    const group = screen.getByRole('group', { name: 'Dateien zu Frage 1.1' });
    expect(within(group).getByText('Abgelaufen')).toBeTruthy();
    expect(within(group).getByText(/^1,5\skB/)).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'policy.pdf herunterladen' })).toBeTruthy();
    await userEvent.upload(within(group).getByLabelText('Datei oder Foto anhängen'), big);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.replace(/\s/g, ' ')).toContain(
      'Foto.jpg wurde nicht angehängt: Die Datei ist 31 MB groß; eine Datei darf höchstens 25 MB groß sein.',
    );
    expect(within(alert).getByRole('button', { name: 'Ausblenden' })).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('offline, says so in French', () => {
    render(<Harness initial={[file()]} api={client()} offline />, { locale: 'fr' });
    expect(screen.getByText(/Les fichiers nécessitent une connexion/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger policy.pdf' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
