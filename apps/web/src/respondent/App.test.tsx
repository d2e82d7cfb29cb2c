import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, type RespondentEnv } from './App.tsx';
import type { RespondentSession } from './lib/contract.ts';
import { memoryQueueStorage } from './lib/storage.ts';
import { render } from './test-i18n.tsx';

const TOKEN = 'rsp_abcdefghijklmnopqrstuvwxyz';

const question = {
  description: '',
  guidance: '',
  weight: 1,
  tags: [],
  naAllowed: false,
  playbooks: [],
};

function session(over: Partial<RespondentSession> = {}): RespondentSession {
  return {
    accountId: 'acc1',
    tenantId: 'ten1',
    accountName: 'Northwind Security',
    tenantName: 'Contoso Ltd',
    brand: { name: 'Northwind Security', color: null, logoUrl: null },
    assessment: {
      id: 'as1',
      name: 'Q3 baseline',
      status: 'in_progress',
      dueDate: '2026-12-31',
      language: null,
      frameworkName: 'NIST CSF 2.0',
    },
    respondent: {
      id: 'r1',
      name: 'Pat Doe',
      expiresAt: '2027-01-01T00:00:00.000Z',
      submittedAt: null,
    },
    document: {
      format: 'tenantry.framework/1',
      key: 'nist-csf-2.0',
      name: 'NIST CSF 2.0',
      summary: '',
      description: '',
      tags: [],
      source: { publisher: '', url: '', license: '' },
      sections: [
        {
          key: 'GV',
          title: 'Govern',
          description: '',
          guidance: '',
          weight: 1,
          tags: [],
          target: null,
          sections: [],
          questions: [
            {
              ...question,
              key: 'GV.1',
              title: 'Is there a security policy?',
              type: 'yes_no',
              naAllowed: true,
              guidance:
                'Look for a **signed** policy. <script>alert(1)</script> [x](javascript:alert(1)) [site](https://example.com/p)',
            },
            {
              ...question,
              key: 'GV.2',
              title: 'How many admins?',
              type: 'number',
              unit: 'people',
              bands: [{ min: 0, score: 1 }],
            },
            { ...question, key: 'GV.3', title: 'Describe the backup process', type: 'text' },
            {
              ...question,
              key: 'GV.4',
              title: 'How mature is access review?',
              type: 'maturity',
              levels: ['None', 'Initial', 'Repeatable', 'Defined', 'Managed', 'Optimised'],
            },
          ],
        },
      ],
    },
    answers: [
      {
        questionKey: 'GV.4',
        value: 2,
        na: false,
        note: '',
        answeredAt: '2026-04-01T00:00:00.000Z',
        mine: false,
      },
    ],
    carried: {
      previousAssessmentId: null,
      answers: [],
      counts: { toConfirm: 0, confirmed: 0, changed: 0 },
      sections: {},
    },
    lastSeq: 7,
    ...over,
  };
}

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
  token: string | null;
}

function api(
  handle: (req: Sent) => Response | Promise<Response> | undefined = () => undefined,
  current: RespondentSession = session(),
) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Sent = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
      token: new Headers(init?.headers).get('x-respondent-token'),
    };
    sent.push(req);
    const custom = await handle(req);
    if (custom) return custom;
    if (req.method === 'GET' && req.url === '/api/v1/respond') return Response.json(current);
    if (req.method === 'GET' && req.url === '/api/v1/respond/evidence')
      return Response.json({ answers: {} });
    if (req.method === 'PUT') {
      const key = decodeURIComponent(req.url.split('/').pop()!);
      const b = req.body!;
      return Response.json({
        outcome: 'applied',
        answer: {
          questionKey: key,
          value: b.value,
          na: b.na,
          note: b.note,
          answeredAt: b.answeredAt,
          mine: true,
        },
        answered: 1,
        total: 4,
      });
    }
    if (req.method === 'POST' && req.url === '/api/v1/respond/submit')
      return Response.json({
        ...current,
        respondent: { ...current.respondent, submittedAt: '2026-05-01T10:00:00.000Z' },
      });
    throw new Error(`unexpected ${req.method} ${req.url}`);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

function env(over: Partial<RespondentEnv> = {}): RespondentEnv {
  const storage = memoryQueueStorage();
  return {
    link: 'acc1/ten1',
    token: TOKEN,
    tokenFromUrl: true,
    fetch: api().fetch,
    queueStorage: () => storage,
    loadToken: async () => null,
    saveToken: vi.fn(async () => undefined),
    ...over,
  };
}

const puts = (sent: Sent[]) => sent.filter((s) => s.method === 'PUT');

afterEach(() => {
  vi.useRealTimers();
});

describe('the respondent page', () => {
  it('without a token says the link is incomplete', async () => {
    render(<App env={env({ token: null })} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' }),
    ).toBeTruthy();
    expect(screen.getByText(/ask the person who sent it to you for a new link/i)).toBeTruthy();
  });

  it('uses the token kept on the device when the tab has none (a reload in a new tab)', async () => {
    const server = api();
    render(
      <App
        env={env({
          token: null,
          tokenFromUrl: false,
          loadToken: async () => TOKEN,
          fetch: server.fetch,
        })}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 baseline' })).toBeTruthy();
    expect(server.sent[0]!.token).toBe(TOKEN);
  });

  it.each([
    ['respondent.link_invalid', 'This link does not work', /new link/],
    ['respondent.link_expired', 'This link has expired', /new link/],
    ['respondent.link_revoked', 'This link was withdrawn', /ask them for a new link/],
  ])('a %s link gets its own page', async (code, title, action) => {
    const server = api(() =>
      Response.json({ error: { code, message: 'no', requestId: 'x' } }, { status: 401 }),
    );
    render(<App env={env({ fetch: server.fetch })} />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(action)).toBeTruthy();
  });

  it('a completed assessment says so', async () => {
    const server = api(
      undefined,
      session({ assessment: { ...session().assessment, status: 'completed' } }),
    );
    render(<App env={env({ fetch: server.fetch })} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This assessment is complete' }),
    ).toBeTruthy();
  });

  it('offline on first open says what to do', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    render(<App env={env({ fetch })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy();
  });

  it('shows who asks, the due date, progress, guidance and who else answered', async () => {
    render(<App env={env()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 baseline' })).toBeTruthy();
    expect(screen.getByText(/Northwind Security/)).toBeTruthy();
    expect(screen.getByText(/for Contoso Ltd/)).toBeTruthy();
    const due = document.querySelector('time')!;
    expect(due.getAttribute('datetime')).toBe('2026-12-31');
    expect(due.textContent).toMatch(/2026/);
    expect(screen.getByText(/of 4 answered/).textContent).toBe('1 of 4 answered');
    expect(screen.getByRole('status').textContent).toBe('All answers saved');
    expect(screen.getByText('Answered by someone else. You can change it.')).toBeTruthy();
    const maturity = screen.getByRole('radiogroup', { name: /How mature is access review/ });
    expect(within(maturity).getByRole('radio', { name: '2 Repeatable' })).toHaveProperty(
      'checked',
      true,
    );
    // Guidance: markdown, with raw HTML as text and a javascript: link without its URL.
    // Guidance is folded, and rendered when opened.
    const guidance = screen.getAllByText('Guidance')[0]!.closest('details')!;
    expect(guidance.querySelector('strong')).toBeNull();
    await userEvent.click(within(guidance).getByText('Guidance'));
    await waitFor(() => expect(guidance.querySelector('strong')?.textContent).toBe('signed'));
    expect(guidance.querySelector('script')).toBeNull();
    expect(guidance.textContent).toContain('<script>alert(1)</script>');
    const links = [...guidance.querySelectorAll('a')];
    expect(links.find((a) => a.textContent === 'x')?.getAttribute('href') ?? '').toBe('');
    const site = links.find((a) => a.textContent === 'site')!;
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(site.getAttribute('target')).toBe('_blank');
  });

  it('saves a choice at once, numbered after the server’s last sequence, and counts it', async () => {
    const server = api();
    render(<App env={env({ fetch: server.fetch })} />);
    const group = await screen.findByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(puts(server.sent)).toHaveLength(1));
    expect(puts(server.sent)[0]).toMatchObject({
      url: '/api/v1/respond/answers/GV.1',
      token: TOKEN,
      body: { value: 'yes', na: false, note: '', seq: 8 },
    });
    expect(String(puts(server.sent)[0]!.body!.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All answers saved'));
    expect(screen.getByText(/of 4 answered/).textContent).toBe('2 of 4 answered');
    // Not applicable, then clearing: value null, na false.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Not applicable' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear answer' })[0]!);
    await waitFor(() => expect(puts(server.sent)).toHaveLength(3));
    expect(puts(server.sent).map((p) => [p.body!.value, p.body!.na, p.body!.seq])).toEqual([
      ['yes', false, 8],
      [null, true, 9],
      [null, false, 10],
    ]);
  });

  it('saves typing once it pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = api();
    render(<App env={env({ fetch: server.fetch })} />);
    const text = await screen.findByRole('textbox', { name: /backup process/ });
    fireEvent.change(text, { target: { value: 'Nightly' } });
    fireEvent.change(text, { target: { value: 'Nightly to tape' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(puts(server.sent)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(puts(server.sent)).toHaveLength(1));
    expect(puts(server.sent)[0]!.body!.value).toBe('Nightly to tape');
    // A number: invalid input is not sent; a valid one is, as a number.
    const number = screen.getByRole('textbox', { name: 'GV.2 How many admins? people' });
    fireEvent.change(number, { target: { value: '3x' } });
    expect(screen.getByText('Enter a number, like 12 or 3.5.')).toBeTruthy();
    fireEvent.change(number, { target: { value: '3,5' } });
    fireEvent.blur(number);
    await waitFor(() => expect(puts(server.sent)).toHaveLength(2));
    expect(puts(server.sent)[1]!.body).toMatchObject({ value: 3.5, na: false });
  });

  it('shows a write the server refused at its question and in the status line', async () => {
    const server = api((req) =>
      req.method === 'PUT'
        ? Response.json(
            {
              error: {
                code: 'assessments.invalid_answer',
                message: 'value: must be yes, partial or no',
                requestId: 'x',
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    render(<App env={env({ fetch: server.fetch })} />);
    const group = await screen.findByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'No' }));
    // Said by its code in the page's language (the server's message is English).
    expect(
      await screen.findByText('Not saved: the answer does not fit the question.'),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '1 answer could not be saved: the answer does not fit the question.',
    );
  });

  it('a link withdrawn while answering shows the link page and keeps the answer', async () => {
    const storage = memoryQueueStorage();
    const server = api((req) =>
      req.method === 'PUT'
        ? Response.json(
            { error: { code: 'respondent.link_revoked', message: 'gone', requestId: 'x' } },
            { status: 401 },
          )
        : undefined,
    );
    render(<App env={env({ fetch: server.fetch, queueStorage: () => storage })} />);
    const group = await screen.findByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link was withdrawn' }),
    ).toBeTruthy();
    expect(screen.getByText(/1 answer is still kept on this device/)).toBeTruthy();
    await waitFor(() => expect(storage.state?.writes).toHaveLength(1));
  });

  it('submits the part after a confirmation, then shows a thank-you and the answers read-only', async () => {
    const server = api();
    render(<App env={env({ fetch: server.fetch })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit my part' }));
    expect(server.sent.some((s) => s.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Keep answering' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit my part' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, submit' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Thank you, your part is submitted' }),
    ).toBeTruthy();
    expect(server.sent.find((s) => s.method === 'POST')).toMatchObject({
      url: '/api/v1/respond/submit',
      token: TOKEN,
    });
    expect(screen.queryByRole('button', { name: 'Submit my part' })).toBeNull();
    for (const radio of screen.getAllByRole('radio'))
      expect(radio).toHaveProperty('disabled', true);
  });

  it('cannot submit while an answer is still waiting to be saved', async () => {
    const server = api((req) =>
      req.method === 'PUT' ? Promise.reject(new TypeError('offline')) : undefined,
    );
    render(<App env={env({ fetch: server.fetch })} />);
    const group = await screen.findByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('1 answer waiting for the network'),
    );
    expect(screen.getByRole('button', { name: 'Submit my part' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You can submit once every answer is saved.')).toBeTruthy();
  });

  it('says "offline" as soon as the browser goes offline or a send fails, not after a reload', async () => {
    let failing = false;
    const server = api((req) =>
      req.method === 'PUT' && failing ? Promise.reject(new TypeError('offline')) : undefined,
    );
    render(<App env={env({ fetch: server.fetch })} />);
    await screen.findByRole('heading', { level: 1, name: 'Q3 baseline' });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    // The browser's own event.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/You are offline/)).toBeNull();
    // A send that fails on the network, the browser saying nothing.
    failing = true;
    const group = screen.getByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    onLine.mockRestore();
  });

  it('says "No answers yet" rather than "All answers saved" with nothing answered', async () => {
    render(<App env={env({ fetch: api(undefined, session({ answers: [] })).fetch })} />);
    await screen.findByRole('heading', { level: 1, name: 'Q3 baseline' });
    expect(screen.getByRole('status').textContent).toBe(
      'No answers yet: each answer is saved as you give it',
    );
  });

  it('says at the question when someone else’s newer answer was kept, and gives it again on request', async () => {
    let superseded = true;
    const server = api((req) => {
      if (req.method !== 'PUT' || !superseded) return undefined;
      superseded = false;
      return Response.json({
        outcome: 'superseded',
        answer: {
          questionKey: 'GV.1',
          value: 'no',
          na: false,
          note: '',
          answeredAt: '2026-05-01T10:05:00.000Z',
          mine: false,
        },
        answered: 2,
        total: 4,
      });
    });
    render(<App env={env({ fetch: server.fetch })} />);
    const group = await screen.findByRole('radiogroup', { name: /security policy/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    const notice = await screen.findByText(/Someone else changed this to No at/);
    expect(notice.textContent).toMatch(/; your answer Yes was not applied\.$/);
    // Theirs is what the question shows now.
    expect(within(group).getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe(
      '1 answer not applied: a newer answer was kept',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Give my answer again' }));
    await waitFor(() => expect(puts(server.sent)).toHaveLength(2));
    expect(puts(server.sent)[1]!.body).toMatchObject({ value: 'yes' });
    expect(puts(server.sent)[1]!.body!.seq).toBeGreaterThan(
      puts(server.sent)[0]!.body!.seq as number,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All answers saved'));
    expect(screen.queryByText(/Someone else changed this/)).toBeNull();
    expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
  });

  it('loads the session once more when the service worker takes control (for its offline copy)', async () => {
    const server = api();
    let takeControl = () => {};
    render(
      <App
        env={env({
          fetch: server.fetch,
          onServiceWorkerControl: (fn) => {
            takeControl = fn;
            return () => {};
          },
        })}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: 'Q3 baseline' });
    const gets = () =>
      server.sent.filter((s) => s.method === 'GET' && s.url === '/api/v1/respond').length;
    expect(gets()).toBe(1);
    act(() => {
      takeControl();
    });
    await waitFor(() => expect(gets()).toBe(2));
    expect(screen.getByText(/of 4 answered/).textContent).toBe('1 of 4 answered');
  });

  it('offline, shows the service worker’s copy with what the server took since on top', async () => {
    const storage = memoryQueueStorage({
      respondentId: 'r1',
      lastSeq: 8,
      superseded: [],
      writes: [],
      failed: [],
      taken: {
        'GV.1': {
          answer: {
            questionKey: 'GV.1',
            value: 'no',
            na: false,
            note: '',
            answeredAt: '2026-05-01T09:00:00.000Z',
            mine: true,
          },
          answeredAt: '2026-05-01T09:00:00.000Z',
        },
      },
    });
    const copy = Response.json(session(), { headers: { 'x-tenantry-from-cache': '1' } });
    const server = api((req) => (req.method === 'GET' ? copy.clone() : undefined));
    render(<App env={env({ fetch: server.fetch, queueStorage: () => storage })} />);
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: /security policy/ });
    expect(within(group).getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(screen.getByText(/of 4 answered/).textContent).toBe('2 of 4 answered');
  });

  it('after a reload shows the answers still queued on the device over the server’s', async () => {
    const storage = memoryQueueStorage({
      respondentId: 'r1',
      lastSeq: 9,
      superseded: [],
      failed: [],
      taken: {},
      writes: [
        {
          questionKey: 'GV.4',
          value: 5,
          na: false,
          note: 'reviewed weekly',
          idempotencyKey: 'k-1',
          seq: 9,
          answeredAt: '2026-05-01T09:00:00.000Z',
          sent: true,
        },
      ],
    });
    const server = api((req) =>
      req.method === 'PUT' ? new Promise<Response>(() => {}) : undefined,
    );
    render(<App env={env({ fetch: server.fetch, queueStorage: () => storage })} />);
    const maturity = await screen.findByRole('radiogroup', { name: /How mature is access review/ });
    expect(within(maturity).getByRole('radio', { name: '5 Optimised' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('textbox', { name: 'Note (optional)' })).toHaveProperty(
      'value',
      'reviewed weekly',
    );
    expect(screen.queryByText(/Answered by someone else/)).toBeNull();
    await waitFor(() => expect(puts(server.sent)).toHaveLength(1));
    expect(puts(server.sent)[0]!.body).toMatchObject({ idempotencyKey: 'k-1', seq: 9 });
  });
});

describe('last period’s answers on the respondent page', () => {
  const carried = (questionKey: string, value: number | string | null, na = false) => ({
    questionKey,
    value,
    na,
    note: '',
    answeredBy: 'Ana Lima',
    answeredAt: '2026-01-15T10:00:00.000Z',
    fromAssessmentId: 'as0',
    state: 'to_confirm' as const,
  });
  const reassessed = session({
    answers: [],
    carried: {
      previousAssessmentId: 'as0',
      answers: [carried('GV.1', 'yes'), carried('GV.2', 3), carried('GV.4', 2)],
      counts: { toConfirm: 3, confirmed: 0, changed: 0 },
      sections: { GV: { toConfirm: 3, confirmed: 0, changed: 0 } },
    },
  });

  it('Still true saves last period’s answer; Changed opens the controls', async () => {
    const server = api(undefined, reassessed);
    render(<App env={env({ fetch: server.fetch })} />);
    const box = await screen.findByRole('group', { name: /Last period: Yes/ });
    expect(within(box).getByText(/Ana Lima/)).toBeTruthy();
    expect(screen.getByText(/3 to confirm/)).toBeTruthy();
    await userEvent.click(within(box).getByRole('button', { name: 'Still true' }));
    await waitFor(() => expect(puts(server.sent)).toHaveLength(1));
    expect(puts(server.sent)[0]).toMatchObject({
      url: '/api/v1/respond/answers/GV.1',
      body: { value: 'yes', na: false, note: '' },
    });
    expect(await screen.findByText(/Same as last period/)).toBeTruthy();

    const level = screen.getByRole('group', { name: /Last period: 2 – Repeatable/ });
    await userEvent.click(within(level).getByRole('button', { name: 'Changed' }));
    await userEvent.click(screen.getByRole('radio', { name: /Defined/ }));
    expect(
      await screen.findByText(/Changed since last period \(was 2 – Repeatable\)/),
    ).toBeTruthy();
  });

  it('Nothing changed here confirms a section at once, one queued answer each', async () => {
    const server = api(undefined, reassessed);
    render(<App env={env({ fetch: server.fetch })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nothing changed here (3)' }));
    await waitFor(() => expect(puts(server.sent)).toHaveLength(3));
    expect(puts(server.sent).map((p) => [p.url.split('/').pop(), p.body!.value])).toEqual([
      ['GV.1', 'yes'],
      ['GV.2', 3],
      ['GV.4', 2],
    ]);
    const seqs = puts(server.sent).map((p) => p.body!.seq as number);
    expect(seqs).toEqual([8, 9, 10]);
    expect(await screen.findByText('All answers saved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nothing changed here/ })).toBeNull();
    expect(screen.getAllByText(/Same as last period/)).toHaveLength(3);
  });
});
