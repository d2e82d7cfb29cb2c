/**
 * Typing is saved once it pauses (600 ms), not on every key; a choice is saved at once. Every
 * debounced call still waiting is run by `flushAll()` (the page calls it when it is hidden or
 * closed), so the last words typed are queued before the page goes.
 */

export const TYPING_DEBOUNCE_MS = 600;

const waiting = new Set<Debouncer<never>>();

export interface Debouncer<T> {
  /** Runs `fn(arg)` after the pause, replacing a call still waiting. */
  call(arg: T): void;
  /** Runs the waiting call now, if any. */
  flush(): void;
  /** Drops the waiting call. */
  cancel(): void;
  readonly pending: boolean;
}

export function debounce<T>(
  fn: (arg: T) => void,
  ms = TYPING_DEBOUNCE_MS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: { arg: T } | null = null;
  const self: Debouncer<T> = {
    call(arg) {
      last = { arg };
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => self.flush(), ms);
      waiting.add(self as Debouncer<never>);
    },
    flush() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      waiting.delete(self as Debouncer<never>);
      const pending = last;
      last = null;
      if (pending) fn(pending.arg);
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      last = null;
      waiting.delete(self as Debouncer<never>);
    },
    get pending() {
      return last !== null;
    },
  };
  return self;
}

/** Runs every debounced call still waiting. */
export function flushAll(): void {
  for (const d of [...waiting]) d.flush();
}
