/**
 * Answer writes of one assessment, one at a time: each answer's progress is then applied in
 * the order the server committed them (a later write's progress never gives way to an
 * earlier one's). While a write is on the wire, newer values of the same question replace
 * the one still waiting (only the latest is sent); every caller learns the outcome of the
 * write that carried its value or a newer one.
 */
export class WriteQueue<I, R> {
  private readonly waiting = new Map<
    string,
    { input: I; resolvers: Array<{ resolve: (r: R) => void; reject: (e: unknown) => void }> }
  >();
  private running = false;

  constructor(private readonly send: (key: string, input: I) => Promise<R>) {}

  /** Queues `input` for `key`; resolves with the result of the write that carried it. */
  enqueue(key: string, input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const entry = this.waiting.get(key);
      if (entry) {
        entry.input = input;
        entry.resolvers.push({ resolve, reject });
      } else {
        this.waiting.set(key, { input, resolvers: [{ resolve, reject }] });
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
        try {
          const result = await this.send(key, entry.input);
          for (const r of entry.resolvers) r.resolve(result);
        } catch (err) {
          for (const r of entry.resolvers) r.reject(err);
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
