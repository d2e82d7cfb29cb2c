/**
 * Answer writes of one assessment, one at a time: each answer's progress is then applied in
 * the order the server committed them (a later write's progress never gives way to an
 * earlier one's). While a write is on the wire, newer values of the same question replace
 * the one still waiting (only the latest is sent); every caller learns the outcome of the
 * write that carried its value or a newer one.
 *
 * A write queued while an earlier write of the same key is still pending was made on top of
 * that earlier one (the person went on changing the same answer): with `chain`, it is sent as
 * based on what the earlier write left (e.g. its answer's revision), not on what was on screen
 * before it — else a person's second change would conflict with their own first. When the
 * earlier write failed, the later one is sent as it was queued.
 */
export class WriteQueue<I, R> {
  private readonly waiting = new Map<
    string,
    {
      input: I;
      /** Queued while an earlier write of its key was pending. */
      chained: boolean;
      resolvers: Array<{ resolve: (r: R) => void; reject: (e: unknown) => void }>;
    }
  >();
  private running = false;
  /** The key of the write on the wire. */
  private sending: string | null = null;
  /** Per key, what its last sent write left when it succeeded (for a chained write). */
  private readonly left = new Map<string, R>();

  constructor(
    private readonly send: (key: string, input: I) => Promise<R>,
    private readonly chain?: (input: I, previous: R) => I,
  ) {}

  /** Queues `input` for `key`; resolves with the result of the write that carried it. */
  enqueue(key: string, input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const entry = this.waiting.get(key);
      if (entry) {
        // It replaces a write never sent: it is based on what that one was based on.
        entry.input = input;
        entry.resolvers.push({ resolve, reject });
      } else {
        const chained = this.sending === key;
        this.waiting.set(key, { input, chained, resolvers: [{ resolve, reject }] });
      }
      void this.drain();
    });
  }

  /** Whether a write is on the wire or waiting. */
  get busy(): boolean {
    return this.running || this.waiting.size > 0;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.waiting.entries().next();
        if (next.done) return;
        const [key, entry] = next.value;
        this.waiting.delete(key);
        const previous = entry.chained ? this.left.get(key) : undefined;
        const input =
          this.chain && previous !== undefined ? this.chain(entry.input, previous) : entry.input;
        this.left.delete(key);
        this.sending = key;
        try {
          const result = await this.send(key, input);
          if (this.waiting.has(key)) this.left.set(key, result);
          for (const r of entry.resolvers) r.resolve(result);
        } catch (err) {
          for (const r of entry.resolvers) r.reject(err);
        } finally {
          this.sending = null;
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** A key that makes a repeated write count once (8–100 characters). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
