import type { Logger } from '../lib/jobs/index.ts';

export interface LogEntry {
  level: 'info' | 'warn' | 'error' | 'debug';
  msg: string;
  obj?: object;
}

/** A Logger that records entries instead of printing them (for tests). */
export function createRecordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (objOrMsg: object | string, msg?: string): void => {
      if (typeof objOrMsg === 'string') entries.push({ level, msg: objOrMsg });
      else entries.push({ level, msg: msg ?? '', obj: objOrMsg });
    };
  return { entries, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

/** Polls `check` until it returns a truthy value or the time is up. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 8000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
