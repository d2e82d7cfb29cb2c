import {
  API,
  TOKEN_HEADER,
  WRITE_CODES,
  isLinkCode,
  readError,
  type AnswerFields,
  type LinkCode,
  type RespondentAnswer,
  type RespondentAnswerInput,
  type RespondentWriteResult,
} from './contract.ts';
import { serverErrorKey } from './errors.ts';
import type { RespondentTranslator } from './i18n.ts';

/**
 * The respondent's answers on their way to the server (docs/assessments.md, "The respondent
 * page"). Nothing given is lost:
 *
 * - every answer is a write with its own idempotency key and sequence number, persisted (through
 *   the injected storage: IndexedDB on the page) before it is sent;
 * - writes are sent one at a time, in the order they were given, and leave the queue only when
 *   the server has taken them (2xx: applied, duplicate or superseded) or refused them for good
 *   (400, 404, 409 and other 4xx: kept in `failed` and shown);
 * - a network error, a timeout, a 5xx or a 429 keeps the write and tries again later (1 s, 2 s,
 *   4 s … at most 30 s, with jitter; a 429's Retry-After is honoured), and at once on `retryNow`
 *   (the page calls it on the browser's `online` event). Sending a write twice is harmless: the
 *   server answers the second one `duplicate`;
 * - a 401 (the link no longer works) stops sending and keeps every write: opened again with a
 *   new link for the same respondent, the page sends them then;
 * - a newer answer to a question replaces a queued older one only if that one has never been
 *   sent; otherwise both go, in order, and the server keeps the newer (higher `answeredAt`/seq);
 * - a write the server answers `superseded` (someone else's newer answer was kept; this one went
 *   to the history) is kept in `superseded` with the answer kept, so the page can say so at the
 *   question and offer to give the answer again (`answerAgain`: a new write, newer than theirs).
 *   A newer answer to the question, or dismissing it, forgets it.
 *
 * The sequence number increases with every answer on this device, persisted with the queue, and
 * continues from the higher of the stored one and the server's `lastSeq`.
 */

export interface QueuedWrite extends AnswerFields {
  questionKey: string;
  idempotencyKey: string;
  seq: number;
  answeredAt: string;
  /** Sent at least once: the server may have it, so it is never replaced. */
  sent: boolean;
}

export interface FailedWrite extends QueuedWrite {
  status: number;
  code: string;
  /** The server's reason (English, docs/languages.md); '' when it gave none: `refusalText`. */
  message: string;
}

/** A write the server took as history only: a newer answer (`kept`; null: cleared) stayed. */
export interface SupersededWrite extends QueuedWrite {
  kept: RespondentAnswer | null;
}

/** What is persisted, per link (account / client tenant) on this device. */
export interface QueueState {
  /** The respondent the writes belong to; null before the first session was seen. */
  respondentId: string | null;
  lastSeq: number;
  writes: QueuedWrite[];
  failed: FailedWrite[];
  /** Not applied: a newer answer was kept (one per question, until answered or dismissed). */
  superseded: SupersededWrite[];
  /**
   * The last answer the server took per question (null: cleared), with when it was given: a
   * session read earlier (the service worker's copy, offline) is shown with these on top.
   */
  taken: Record<string, TakenAnswer>;
}

export interface TakenAnswer {
  answer: RespondentAnswer | null;
  answeredAt: string;
}

export interface QueueStorage {
  load(): Promise<QueueState | undefined>;
  save(state: QueueState): Promise<void>;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface QueueOptions {
  storage: QueueStorage;
  fetch: typeof fetch;
  /** The link's token, read for every request. */
  token: () => string | null;
  timers?: Timers;
  /** [0, 1): the jitter. */
  random?: () => number;
  uuid?: () => string;
  now?: () => number;
  /** A request that has not answered by then is abandoned and tried again. */
  requestTimeoutMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A write the server took: its answer as stored now (null when cleared). */
  onApplied?: (write: QueuedWrite, result: RespondentWriteResult) => void;
  /** 401: the link stopped working while answering. */
  onLinkProblem?: (code: LinkCode) => void;
  /** 409: the assessment was completed (`assessments.locked`) or the part submitted. */
  onClosed?: (code: string) => void;
}

export interface QueueSnapshot {
  /** Writes not yet taken by the server, oldest first (the first may be on its way). */
  writes: readonly QueuedWrite[];
  failed: readonly FailedWrite[];
  superseded: readonly SupersededWrite[];
  sending: boolean;
  /** The last attempt failed on the network, a 5xx or a 429; the next waits for `retryAt`. */
  waitingForNetwork: boolean;
  retryAt: number | null;
  /** The link stopped working (401): nothing more is sent. */
  halted: LinkCode | null;
}

const FAILED_KEPT = 50;
const RETRY_AFTER_MAX_MS = 10 * 60_000;

type Outcome =
  | { kind: 'taken'; result: RespondentWriteResult }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'link'; code: LinkCode }
  | { kind: 'retry'; afterMs: number | null };

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export function emptyState(): QueueState {
  return { respondentId: null, lastSeq: 0, writes: [], failed: [], superseded: [], taken: {} };
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; null without one. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, RETRY_AFTER_MAX_MS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), RETRY_AFTER_MAX_MS);
}

/** The wait before attempt `n + 1` after `n` failed ones: base·2^(n−1), capped, half of it jitter. */
export function backoffDelay(failures: number, base: number, max: number, random: number): number {
  const full = Math.min(max, base * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + (random * full) / 2);
}

export class AnswerQueue {
  private state: QueueState;
  private readonly opts: QueueOptions;
  private readonly timers: Timers;
  private readonly listeners = new Set<() => void>();
  /** Writes added in memory whose save has not finished: not sent before it has. */
  private readonly unsaved = new Set<string>();
  private saving: Promise<void> = Promise.resolve();
  private inFlight: QueuedWrite | null = null;
  private timer: unknown = null;
  private retryAt: number | null = null;
  private failures = 0;
  private halted: LinkCode | null = null;
  private started = false;
  private disposed = false;
  private snap: QueueSnapshot;

  private constructor(opts: QueueOptions, state: QueueState) {
    this.opts = opts;
    this.timers = opts.timers ?? defaultTimers;
    this.state = state;
    this.snap = this.makeSnapshot();
  }

  /** The queue as persisted (a reload picks up where the last page stopped). */
  static async open(opts: QueueOptions): Promise<AnswerQueue> {
    let state: QueueState | undefined;
    try {
      state = await opts.storage.load();
    } catch {
      state = undefined;
    }
    return new AnswerQueue(opts, normalise(state));
  }

  /**
   * Starts sending for the respondent of the session just loaded. Writes stored for another
   * respondent (another link to the same client tenant on this device) are not theirs to send
   * and are dropped; the sequence continues from max(stored, server's lastSeq).
   */
  async begin(session: {
    respondentId: string;
    lastSeq: number;
    answers?: readonly RespondentAnswer[];
  }): Promise<void> {
    if (this.state.respondentId !== null && this.state.respondentId !== session.respondentId) {
      this.state = emptyState();
    }
    this.state.respondentId = session.respondentId;
    this.state.lastSeq = Math.max(this.state.lastSeq, session.lastSeq);
    if (session.answers) this.forgetTakenSeenIn(session.answers);
    this.started = true;
    await this.persist();
    this.changed();
    void this.pump();
  }

  /** Records an answer as given now: persisted, then sent. Resolves once it is persisted. */
  async enqueue(questionKey: string, fields: AnswerFields): Promise<QueuedWrite> {
    const now = this.opts.now?.() ?? Date.now();
    this.state.lastSeq += 1;
    const write: QueuedWrite = {
      questionKey,
      value: fields.value,
      na: fields.na,
      note: fields.note,
      idempotencyKey: this.opts.uuid?.() ?? crypto.randomUUID(),
      seq: this.state.lastSeq,
      answeredAt: new Date(now).toISOString(),
      sent: false,
    };
    // A queued answer to the same question that never left this device is replaced: the
    // server would only have superseded it.
    this.state.writes = this.state.writes.filter(
      (w) => w.questionKey !== questionKey || w.sent || w === this.inFlight,
    );
    this.state.writes.push(write);
    // A new answer to the question is the person's reply to a newer answer that was kept.
    this.state.superseded = this.state.superseded.filter((w) => w.questionKey !== questionKey);
    this.unsaved.add(write.idempotencyKey);
    this.changed();
    await this.persist();
    this.unsaved.delete(write.idempotencyKey);
    void this.pump();
    return write;
  }

  /** Tries the waiting write now instead of at the end of its back-off (`online`). */
  retryNow(): void {
    if (this.timer === null) return;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = null;
    this.changed();
    void this.pump();
  }

  /** Forgets refused writes (the person has seen the message): all, or one question's. */
  dismissFailed(questionKey?: string): void {
    this.state.failed = questionKey
      ? this.state.failed.filter((f) => f.questionKey !== questionKey)
      : [];
    this.changed();
    void this.persist();
  }

  /**
   * Gives a superseded answer again, as a new write (newer than the one kept, so the server
   * applies it). Resolves with the write once persisted; undefined when there is none.
   */
  async answerAgain(questionKey: string): Promise<QueuedWrite | undefined> {
    const w = this.state.superseded.find((s) => s.questionKey === questionKey);
    if (!w) return undefined;
    return this.enqueue(questionKey, { value: w.value, na: w.na, note: w.note });
  }

  /** Leaves the newer answer as it is: forgets that this question's write was not applied. */
  dismissSuperseded(questionKey: string): void {
    this.state.superseded = this.state.superseded.filter((w) => w.questionKey !== questionKey);
    this.changed();
    void this.persist();
  }

  /** The newest write for a question that the server has not taken yet. */
  pendingFor(questionKey: string): QueuedWrite | undefined {
    for (let i = this.state.writes.length - 1; i >= 0; i--) {
      const w = this.state.writes[i]!;
      if (w.questionKey === questionKey) return w;
    }
    return undefined;
  }

  get lastSeq(): number {
    return this.state.lastSeq;
  }

  /** What the server took, per question (see `QueueState.taken`). */
  takenAnswers(): Readonly<Record<string, TakenAnswer>> {
    return this.state.taken;
  }

  /** A session as new as a taken answer (or newer) shows it already: forget it. */
  forgetTakenSeenIn(answers: readonly RespondentAnswer[]): void {
    const byKey = new Map(answers.map((a) => [a.questionKey, a]));
    for (const [key, t] of Object.entries(this.state.taken)) {
      const seen = byKey.get(key);
      if (seen && seen.answeredAt >= t.answeredAt) delete this.state.taken[key];
    }
  }

  snapshot = (): QueueSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves once every save asked for so far has finished. */
  flushed(): Promise<void> {
    return this.saving;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  // -------------------------------------------------------------------------------------------

  private makeSnapshot(): QueueSnapshot {
    return {
      writes: [...this.state.writes],
      failed: [...this.state.failed],
      superseded: [...this.state.superseded],
      sending: this.inFlight !== null,
      waitingForNetwork: this.failures > 0,
      retryAt: this.retryAt,
      halted: this.halted,
    };
  }

  private changed(): void {
    this.snap = this.makeSnapshot();
    for (const l of this.listeners) l();
  }

  /** Saves the state as it is now; saves run one after another, so the last one wins. */
  private persist(): Promise<void> {
    const copy: QueueState = structuredClone(this.state);
    this.saving = this.saving.then(
      () => this.opts.storage.save(copy).catch(() => undefined),
      () => undefined,
    );
    return this.saving;
  }

  private async pump(): Promise<void> {
    if (!this.started || this.disposed || this.inFlight || this.timer !== null || this.halted)
      return;
    const write = this.state.writes[0];
    if (!write || this.unsaved.has(write.idempotencyKey)) return;
    const token = this.opts.token();
    if (!token) return;
    this.inFlight = write;
    write.sent = true;
    this.changed();
    const outcome = await this.send(write, token);
    this.inFlight = null;
    if (this.disposed) return;
    const remove = () => {
      this.state.writes = this.state.writes.filter(
        (w) => w.idempotencyKey !== write.idempotencyKey,
      );
    };
    switch (outcome.kind) {
      case 'taken':
        remove();
        this.failures = 0;
        // A refusal of an older answer to this question no longer matters.
        this.state.failed = this.state.failed.filter(
          (f) => f.questionKey !== write.questionKey || f.seq > write.seq,
        );
        this.state.taken[write.questionKey] = {
          answer: outcome.result.answer,
          answeredAt: outcome.result.answer?.answeredAt ?? write.answeredAt,
        };
        this.noteSuperseded(write, outcome.result);
        this.opts.onApplied?.(write, outcome.result);
        break;
      case 'refused':
        remove();
        this.failures = 0;
        this.state.failed = [
          ...this.state.failed,
          { ...write, status: outcome.status, code: outcome.code, message: outcome.message },
        ].slice(-FAILED_KEPT);
        if (outcome.status === 409) this.opts.onClosed?.(outcome.code);
        break;
      case 'link':
        this.halted = outcome.code;
        this.opts.onLinkProblem?.(outcome.code);
        break;
      case 'retry': {
        this.failures += 1;
        const delay =
          outcome.afterMs ??
          backoffDelay(
            this.failures,
            this.opts.baseDelayMs ?? 1000,
            this.opts.maxDelayMs ?? 30_000,
            this.opts.random?.() ?? Math.random(),
          );
        this.retryAt = (this.opts.now?.() ?? Date.now()) + delay;
        this.timer = this.timers.setTimeout(() => {
          this.timer = null;
          this.retryAt = null;
          void this.pump();
        }, delay);
        break;
      }
    }
    this.changed();
    await this.persist();
    void this.pump();
  }

  /**
   * A `superseded` write is kept to be shown, unless a newer write to the question still waits
   * here (that one speaks for the person now); an applied one ends an older notice.
   */
  private noteSuperseded(write: QueuedWrite, result: RespondentWriteResult): void {
    const others = this.state.superseded.filter(
      (w) => w.questionKey !== write.questionKey || w.seq > write.seq,
    );
    const newerWaiting = this.state.writes.some(
      (w) => w.questionKey === write.questionKey && w.seq > write.seq,
    );
    if (result.outcome === 'superseded' && !newerWaiting) {
      const { questionKey, value, na, note, idempotencyKey, seq, answeredAt, sent } = write;
      others.push({
        questionKey,
        value,
        na,
        note,
        idempotencyKey,
        seq,
        answeredAt,
        sent,
        kept: result.answer,
      });
    }
    this.state.superseded = others.slice(-FAILED_KEPT);
  }

  private async send(write: QueuedWrite, token: string): Promise<Outcome> {
    const body: RespondentAnswerInput = {
      value: write.value,
      na: write.na,
      note: write.note,
      idempotencyKey: write.idempotencyKey,
      seq: write.seq,
      answeredAt: write.answeredAt,
    };
    const abort = new AbortController();
    const timeout = this.timers.setTimeout(
      () => abort.abort(),
      this.opts.requestTimeoutMs ?? 20_000,
    );
    try {
      const res = await this.opts.fetch(API.answer(write.questionKey), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify(body),
        signal: abort.signal,
      });
      if (res.ok) return { kind: 'taken', result: (await res.json()) as RespondentWriteResult };
      if (res.status === 429) {
        return {
          kind: 'retry',
          afterMs: parseRetryAfter(res.headers.get('retry-after'), this.opts.now?.() ?? Date.now()),
        };
      }
      if (res.status >= 500 || res.status === 408) return { kind: 'retry', afterMs: null };
      const error = await readError(res);
      if (res.status === 401) {
        return {
          kind: 'link',
          code: isLinkCode(error?.code) ? error.code : 'respondent.link_invalid',
        };
      }
      return {
        kind: 'refused',
        status: res.status,
        code: error?.code ?? `http.${res.status}`,
        message: error?.message ?? '',
      };
    } catch {
      // Offline, a dropped connection, the timeout, or a 2xx whose body did not arrive whole.
      return { kind: 'retry', afterMs: null };
    } finally {
      this.timers.clearTimeout(timeout);
    }
  }
}

/**
 * Why a write was refused, in the page's language: its words for the code (lib/errors.ts), the
 * server's (English) message only for a code the page does not know.
 */
export function refusalText(f: FailedWrite, t: RespondentTranslator['t']): string {
  if (f.code === WRITE_CODES.locked) return t('refused.locked');
  if (f.code === WRITE_CODES.submitted) return t('refused.submitted');
  if (f.code === WRITE_CODES.questionNotFound) return t('refused.notFound');
  if (f.code === WRITE_CODES.invalidAnswer) return t('refused.invalid');
  const key = serverErrorKey(f.code);
  if (key) return t(key);
  if (f.message) return f.message;
  if (f.status === 404) return t('refused.notFound');
  return t('refused.other');
}

function normalise(state: QueueState | undefined): QueueState {
  if (!state || !Array.isArray(state.writes)) return emptyState();
  return {
    respondentId: typeof state.respondentId === 'string' ? state.respondentId : null,
    lastSeq: Number.isInteger(state.lastSeq) ? state.lastSeq : 0,
    writes: state.writes,
    failed: Array.isArray(state.failed) ? state.failed : [],
    superseded: Array.isArray(state.superseded) ? state.superseded : [],
    taken: state.taken && typeof state.taken === 'object' ? state.taken : {},
  };
}

/**
 * The status line the page shows at all times. `answered`: how many questions show an answer
 * (the respondent's or someone else's); with none, there is nothing to call saved.
 */
export function statusText(
  s: QueueSnapshot,
  answered: number,
  t: RespondentTranslator['t'],
): string {
  if (s.failed.length > 0) {
    const last = s.failed[s.failed.length - 1]!;
    return t('status.failed', { count: s.failed.length, message: refusalText(last, t) });
  }
  if (s.writes.length > 0 && s.waitingForNetwork)
    return t('status.waitingNetwork', { count: s.writes.length });
  if (s.writes.length > 0) return t('status.saving');
  if (s.superseded.length > 0) return t('status.superseded', { count: s.superseded.length });
  if (answered === 0) return t('status.none');
  return t('status.allSaved');
}
