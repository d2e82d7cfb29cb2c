import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RespondentWriteResult } from './contract.ts';
import {
  AnswerQueue,
  backoffDelay,
  parseRetryAfter,
  statusText,
  type QueueOptions,
  type QueueStorage,
} from './queue.ts';
import { memoryQueueStorage } from './storage.ts';
import { english } from '../test-i18n.tsx';

const TOKEN = 'rsp_token-of-at-least-twenty-chars';

interface Call {
  questionKey: string;
  body: Record<string, unknown>;
  token: string | null;
}

type Reply = Response | 'network' | 'hang';

/** A fetch that records PUTs and answers from a script (default: 200 applied). */
function fakeServer(replies: Reply[] = []) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const questionKey = decodeURIComponent(url.split('/').pop()!);
    calls.push({ questionKey, body, token: headers.get('x-respondent-token') });
    const reply = replies.shift() ?? applied(questionKey, body);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return reply;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function applied(questionKey: string, body: Record<string, unknown>): Response {
  const result: RespondentWriteResult = {
    outcome: 'applied',
    answer: {
      questionKey,
      value: body.value as string,
      na: body.na as boolean,
      note: body.note as string,
      answeredAt: body.answeredAt as string,
      mine: true,
    },
    answered: 1,
    total: 3,
  };
  return Response.json(result);
}

const error = (status: number, code: string, message: string, headers?: HeadersInit) =>
  Response.json({ error: { code, message, requestId: 'r1' } }, { status, headers });

let ids = 0;
function options(
  storage: QueueStorage,
  fetch: typeof globalThis.fetch,
  extra: Partial<QueueOptions> = {},
) {
  return {
    storage,
    fetch,
    token: () => TOKEN,
    uuid: () => `key-${String(++ids).padStart(4, '0')}`,
    random: () => 1,
    ...extra,
  } satisfies QueueOptions;
}

const yes = { value: 'yes', na: false, note: '' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
  ids = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the answer queue', () => {
  it('sends writes one at a time, in the order they were given, each keyed and numbered', async () => {
    const server = fakeServer();
    let inFlight = 0;
    let most = 0;
    const inner = server.fetch;
    const counting = (async (...args: Parameters<typeof fetch>) => {
      most = Math.max(most, ++inFlight);
      try {
        return await inner(...args);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const q = await AnswerQueue.open(options(memoryQueueStorage(), counting));
    await q.begin({ respondentId: 'r1', lastSeq: 4 });
    await Promise.all([
      q.enqueue('A.1', yes),
      q.enqueue('A.2', { value: 3, na: false, note: '' }),
      q.enqueue('A.3', { value: null, na: true, note: 'not ours' }),
    ]);
    await vi.runAllTimersAsync();
    expect(server.calls.map((c) => [c.questionKey, c.body.seq])).toEqual([
      ['A.1', 5],
      ['A.2', 6],
      ['A.3', 7],
    ]);
    expect(most).toBe(1);
    expect(server.calls[2]!.body).toEqual({
      value: null,
      na: true,
      note: 'not ours',
      idempotencyKey: 'key-0003',
      seq: 7,
      answeredAt: '2026-05-01T10:00:00.000Z',
    });
    expect(server.calls.every((c) => c.token === TOKEN)).toBe(true);
    expect(statusText(q.snapshot(), 1, english.t)).toBe('All answers saved');
    q.dispose();
  });

  it('persists a write before sending it, and removes it once the server has taken it', async () => {
    const storage = memoryQueueStorage();
    let storedWhenSent: unknown;
    const server = fakeServer();
    const fetch = (async (...args: Parameters<typeof globalThis.fetch>) => {
      storedWhenSent = structuredClone(storage.state?.writes);
      return server.fetch(...args);
    }) as typeof globalThis.fetch;
    const q = await AnswerQueue.open(options(storage, fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(storedWhenSent).toEqual([expect.objectContaining({ questionKey: 'A.1', seq: 1 })]);
    await q.flushed();
    expect(storage.state?.writes).toEqual([]);
    expect(storage.state?.lastSeq).toBe(1);
    q.dispose();
  });

  it('replaces a queued answer to the same question only while it was never sent', async () => {
    const server = fakeServer(['hang']);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes); // sent at once, and hangs
    await q.enqueue('A.2', { value: 'no', na: false, note: '' });
    await q.enqueue('A.2', { value: 'partial', na: false, note: '' }); // replaces the unsent one
    await q.enqueue('A.1', { value: 'no', na: false, note: '' }); // A.1's first is on its way
    expect(q.snapshot().writes.map((w) => [w.questionKey, w.value])).toEqual([
      ['A.1', 'yes'],
      ['A.2', 'partial'],
      ['A.1', 'no'],
    ]);
    await vi.runAllTimersAsync(); // the hanging request times out, and everything goes
    expect(server.calls.map((c) => [c.questionKey, c.body.value, c.body.seq])).toEqual([
      ['A.1', 'yes', 1],
      ['A.1', 'yes', 1],
      ['A.2', 'partial', 3],
      ['A.1', 'no', 4],
    ]);
    expect(q.snapshot().writes).toEqual([]);
    q.dispose();
  });

  it('sends the same write again after a timeout, with the same idempotency key', async () => {
    const server = fakeServer(['hang']);
    const q = await AnswerQueue.open(
      options(memoryQueueStorage(), server.fetch, { requestTimeoutMs: 5000 }),
    );
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // timed out: waiting 1 s
    expect(statusText(q.snapshot(), 1, english.t)).toBe('1 answer waiting for the network');
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.body.idempotencyKey).toBe(server.calls[0]!.body.idempotencyKey);
    expect(server.calls[1]!.body.seq).toBe(1);
    expect(statusText(q.snapshot(), 1, english.t)).toBe('All answers saved');
    q.dispose();
  });

  it('retries network errors and 5xx with exponential back-off, capped at 30 s', async () => {
    const server = fakeServer([
      'network',
      'network',
      error(503, 'common.unavailable', 'busy'),
      'network',
      'network',
      'network',
      'network',
    ]);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.advanceTimersByTimeAsync(0);
    const at: number[] = [];
    const start = Date.now();
    while (server.calls.length < 8) {
      const before = server.calls.length;
      await vi.advanceTimersByTimeAsync(250);
      if (server.calls.length > before) at.push(Date.now() - start);
    }
    // Attempts after 1, 2, 4, 8, 16, 30 and 30 s (random() = 1: the full delay).
    const gaps = at.map((t, i) => t - (at[i - 1] ?? 0));
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(q.snapshot().writes).toEqual([]);
    q.dispose();
  });

  it('jitters the delay between half and all of it', () => {
    expect(backoffDelay(1, 1000, 30_000, 0)).toBe(500);
    expect(backoffDelay(3, 1000, 30_000, 0.5)).toBe(3000);
    expect(backoffDelay(10, 1000, 30_000, 0.999)).toBeLessThanOrEqual(30_000);
  });

  it('honours a 429 Retry-After', async () => {
    const server = fakeServer([
      error(429, 'common.rate_limited', 'slow down', { 'retry-after': '7' }),
    ]);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.advanceTimersByTimeAsync(6999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    q.dispose();
    expect(
      parseRetryAfter('Fri, 01 May 2026 10:00:30 GMT', Date.parse('2026-05-01T10:00:00Z')),
    ).toBe(30_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });

  it('tries at once when asked (the browser is online again)', async () => {
    const server = fakeServer(['network', 'network']);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.advanceTimersByTimeAsync(1000); // second attempt fails: waiting 2 s
    expect(server.calls).toHaveLength(2);
    q.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(3);
    expect(q.snapshot().writes).toEqual([]);
    q.dispose();
  });

  it('does not retry a refused write (400, 404, 409): it is kept as failed and shown', async () => {
    const closed = vi.fn();
    const server = fakeServer([
      error(400, 'assessments.invalid_answer', 'value: must be a number'),
      error(404, 'assessments.question_not_found', 'No such question.'),
    ]);
    const storage = memoryQueueStorage();
    const q = await AnswerQueue.open(options(storage, server.fetch, { onClosed: closed }));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('N.1', { value: 'ten', na: false, note: '' });
    await q.enqueue('X.9', yes);
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(server.calls.map((c) => c.questionKey)).toEqual(['N.1', 'X.9', 'A.1']);
    expect(q.snapshot().failed.map((f) => [f.questionKey, f.status, f.code])).toEqual([
      ['N.1', 400, 'assessments.invalid_answer'],
      ['X.9', 404, 'assessments.question_not_found'],
    ]);
    expect(statusText(q.snapshot(), 1, english.t)).toBe(
      // The page's words for a code it knows, not the server's (English) message.
      '2 answers could not be saved: this question is no longer part of the assessment.',
    );
    expect(closed).not.toHaveBeenCalled();
    await q.flushed();
    expect(storage.state?.failed).toHaveLength(2);
    q.dismissFailed('X.9');
    expect(statusText(q.snapshot(), 1, english.t)).toBe(
      '1 answer could not be saved: the answer does not fit the question.',
    );
    // A newer answer to the question that the server takes clears its refusal.
    await q.enqueue('N.1', { value: 10, na: false, note: '' });
    await vi.runAllTimersAsync();
    expect(q.snapshot().failed).toEqual([]);
    q.dispose();
  });

  it('a 409 (assessment completed) is refused for good and reported', async () => {
    const closed = vi.fn();
    const server = fakeServer([error(409, 'assessments.locked', 'The assessment is completed.')]);
    const q = await AnswerQueue.open(
      options(memoryQueueStorage(), server.fetch, { onClosed: closed }),
    );
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(server.calls).toHaveLength(1);
    expect(closed).toHaveBeenCalledWith('assessments.locked');
    expect(q.snapshot().failed).toHaveLength(1);
    q.dispose();
  });

  it('a 401 stops sending and keeps every write for a new link', async () => {
    const linkProblem = vi.fn();
    const server = fakeServer([error(401, 'respondent.link_revoked', 'This link was withdrawn.')]);
    const storage = memoryQueueStorage();
    const q = await AnswerQueue.open(
      options(storage, server.fetch, { onLinkProblem: linkProblem }),
    );
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await q.enqueue('A.2', yes);
    await vi.runAllTimersAsync();
    expect(server.calls).toHaveLength(1);
    expect(linkProblem).toHaveBeenCalledWith('respondent.link_revoked');
    expect(q.snapshot().halted).toBe('respondent.link_revoked');
    await q.flushed();
    expect(storage.state?.writes.map((w) => w.questionKey)).toEqual(['A.1', 'A.2']);
    q.dispose();
  });

  it('picks up after a reload: what was not sent is sent, and the sequence goes on', async () => {
    const storage = memoryQueueStorage();
    const offline = fakeServer(['network']);
    const first = await AnswerQueue.open(options(storage, offline.fetch));
    await first.begin({ respondentId: 'r1', lastSeq: 2 });
    await first.enqueue('A.1', yes);
    await first.enqueue('A.2', { value: 'no', na: false, note: '' });
    await vi.advanceTimersByTimeAsync(0);
    await first.flushed();
    first.dispose(); // the page is closed while offline

    const online = fakeServer();
    const second = await AnswerQueue.open(options(storage, online.fetch));
    expect(second.snapshot().writes.map((w) => [w.questionKey, w.seq])).toEqual([
      ['A.1', 3],
      ['A.2', 4],
    ]);
    // The server has seen seq 3 (the first attempt arrived before the connection dropped).
    await second.begin({ respondentId: 'r1', lastSeq: 3 });
    await vi.runAllTimersAsync();
    expect(online.calls.map((c) => [c.questionKey, c.body.seq])).toEqual([
      ['A.1', 3],
      ['A.2', 4],
    ]);
    await second.enqueue('A.3', yes);
    await vi.runAllTimersAsync();
    expect(online.calls.at(-1)!.body.seq).toBe(5);
    second.dispose();
  });

  it('continues from the server’s sequence when it is ahead (another device, cleared storage)', async () => {
    const storage = memoryQueueStorage({
      respondentId: 'r1',
      lastSeq: 3,
      superseded: [],
      writes: [],
      failed: [],
      taken: {},
    });
    const server = fakeServer();
    const q = await AnswerQueue.open(options(storage, server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 41 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(server.calls[0]!.body.seq).toBe(42);
    q.dispose();
  });

  it('drops writes stored for another respondent on the same client tenant', async () => {
    const storage = memoryQueueStorage();
    const q1 = await AnswerQueue.open(options(storage, fakeServer(['network']).fetch));
    await q1.begin({ respondentId: 'r1', lastSeq: 10 });
    await q1.enqueue('A.1', yes);
    await q1.flushed();
    q1.dispose();
    const server = fakeServer();
    const q2 = await AnswerQueue.open(options(storage, server.fetch));
    await q2.begin({ respondentId: 'r2', lastSeq: 0 });
    await vi.runAllTimersAsync();
    expect(server.calls).toEqual([]);
    await q2.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(server.calls.map((c) => c.body.seq)).toEqual([1]);
    q2.dispose();
  });

  it('remembers what the server took, until a session as new shows it', async () => {
    const storage = memoryQueueStorage();
    const q = await AnswerQueue.open(options(storage, fakeServer().fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    await q.flushed();
    expect(storage.state?.taken['A.1']).toEqual({
      answer: expect.objectContaining({ value: 'yes', mine: true }),
      answeredAt: '2026-05-01T10:00:00.000Z',
    });
    q.dispose();
    const again = await AnswerQueue.open(options(storage, fakeServer().fetch));
    // An older session (the service worker's copy) keeps it; a newer one makes it redundant.
    await again.begin({
      respondentId: 'r1',
      lastSeq: 1,
      answers: [
        {
          questionKey: 'A.1',
          value: 'no',
          na: false,
          note: '',
          answeredAt: '2026-04-30T00:00:00.000Z',
          mine: true,
        },
      ],
    });
    expect(again.takenAnswers()['A.1']).toBeDefined();
    await again.begin({
      respondentId: 'r1',
      lastSeq: 1,
      answers: [
        {
          questionKey: 'A.1',
          value: 'yes',
          na: false,
          note: '',
          answeredAt: '2026-05-01T10:00:00.000Z',
          mine: true,
        },
      ],
    });
    expect(again.takenAnswers()['A.1']).toBeUndefined();
    again.dispose();
  });

  it('says what it is doing', async () => {
    const server = fakeServer(['hang']);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    // Nothing answered: nothing to call saved.
    expect(statusText(q.snapshot(), 0, english.t)).toBe(
      'No answers yet: each answer is saved as you give it',
    );
    expect(statusText(q.snapshot(), 2, english.t)).toBe('All answers saved');
    await q.enqueue('A.1', yes);
    expect(statusText(q.snapshot(), 1, english.t)).toBe('Saving…');
    await q.enqueue('A.2', yes);
    await q.enqueue('A.3', yes);
    await vi.advanceTimersByTimeAsync(20_000); // the request times out
    expect(statusText(q.snapshot(), 1, english.t)).toBe('3 answers waiting for the network');
    q.dispose();
  });
});

/** 200 superseded: the server kept `kept` (someone else's newer answer) instead of this write. */
function supersededBy(kept: { value: string | null; answeredAt: string; mine?: boolean }) {
  const result: RespondentWriteResult = {
    outcome: 'superseded',
    answer:
      kept.value === null
        ? null
        : {
            questionKey: 'A.1',
            value: kept.value,
            na: false,
            note: '',
            answeredAt: kept.answeredAt,
            mine: kept.mine ?? false,
          },
    answered: 1,
    total: 3,
  };
  return Response.json(result);
}

describe('a write the server superseded', () => {
  it('is kept with the answer the server kept, said in the status, and given again on request', async () => {
    const theirs = { value: 'no', answeredAt: '2026-05-01T10:05:00.000Z' };
    const storage = memoryQueueStorage();
    const server = fakeServer([supersededBy(theirs)]);
    const applied = vi.fn();
    const q = await AnswerQueue.open(options(storage, server.fetch, { onApplied: applied }));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes); // given offline earlier; replayed after theirs
    await vi.runAllTimersAsync();
    expect(q.snapshot().writes).toEqual([]);
    expect(q.snapshot().superseded).toEqual([
      expect.objectContaining({
        questionKey: 'A.1',
        value: 'yes',
        seq: 1,
        kept: expect.objectContaining({ value: 'no', answeredAt: theirs.answeredAt }),
      }),
    ]);
    // The page shows theirs as the answer now.
    expect(applied).toHaveBeenCalledWith(
      expect.objectContaining({ questionKey: 'A.1' }),
      expect.objectContaining({ outcome: 'superseded' }),
    );
    expect(statusText(q.snapshot(), 1, english.t)).toBe(
      '1 answer not applied: a newer answer was kept',
    );
    // It survives a reload.
    await q.flushed();
    expect(storage.state?.superseded).toHaveLength(1);

    // "Give my answer again": a new write, newer than theirs, which the server applies.
    vi.setSystemTime(new Date('2026-05-01T10:10:00Z'));
    const again = await q.answerAgain('A.1');
    expect(again).toMatchObject({ questionKey: 'A.1', value: 'yes', seq: 2 });
    expect(q.snapshot().superseded).toEqual([]);
    await vi.runAllTimersAsync();
    expect(server.calls.map((c) => [c.questionKey, c.body.value, c.body.seq])).toEqual([
      ['A.1', 'yes', 1],
      ['A.1', 'yes', 2],
    ]);
    expect(server.calls[1]!.body.answeredAt).toBe('2026-05-01T10:10:00.000Z');
    expect(server.calls[1]!.body.idempotencyKey).not.toBe(server.calls[0]!.body.idempotencyKey);
    expect(statusText(q.snapshot(), 1, english.t)).toBe('All answers saved');
    q.dispose();
  });

  it('is forgotten when dismissed (theirs stays), and a dismissed one is not sent', async () => {
    const storage = memoryQueueStorage();
    const server = fakeServer([
      supersededBy({ value: 'no', answeredAt: '2026-05-01T10:05:00.000Z' }),
    ]);
    const q = await AnswerQueue.open(options(storage, server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    q.dismissSuperseded('A.1');
    expect(q.snapshot().superseded).toEqual([]);
    expect(await q.answerAgain('A.1')).toBeUndefined();
    await vi.runAllTimersAsync();
    expect(server.calls).toHaveLength(1);
    await q.flushed();
    expect(storage.state?.superseded).toEqual([]);
    q.dispose();
  });

  it('is not shown while a newer answer of the respondent to the question still waits', async () => {
    const server = fakeServer([
      'hang',
      supersededBy({ value: 'no', answeredAt: '2026-05-01T10:05:00.000Z' }),
    ]);
    const q = await AnswerQueue.open(
      options(memoryQueueStorage(), server.fetch, { requestTimeoutMs: 1000 }),
    );
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes); // sent, hangs
    await q.enqueue('A.1', { value: 'partial', na: false, note: '' }); // waits behind it
    await vi.runAllTimersAsync();
    // The first was superseded, the second applied (newer than theirs): nothing to say.
    expect(server.calls.map((c) => c.body.value)).toEqual(['yes', 'yes', 'partial']);
    expect(q.snapshot().superseded).toEqual([]);
    q.dispose();
  });

  it('a newer answer given by hand forgets it', async () => {
    const server = fakeServer([
      supersededBy({ value: 'no', answeredAt: '2026-05-01T10:05:00.000Z' }),
    ]);
    const q = await AnswerQueue.open(options(memoryQueueStorage(), server.fetch));
    await q.begin({ respondentId: 'r1', lastSeq: 0 });
    await q.enqueue('A.1', yes);
    await vi.runAllTimersAsync();
    expect(q.snapshot().superseded).toHaveLength(1);
    await q.enqueue('A.1', { value: 'partial', na: false, note: '' });
    expect(q.snapshot().superseded).toEqual([]);
    q.dispose();
  });
});
