import { describe, expect, it } from 'vitest';
import { WriteQueue, newIdempotencyKey } from './write-queue.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the answer write queue', () => {
  it('sends one write at a time; a newer value of a waiting question replaces the older', async () => {
    const sent: string[] = [];
    const pending: Array<ReturnType<typeof deferred<string>>> = [];
    const queue = new WriteQueue<string, string>((key, input) => {
      sent.push(`${key}=${input}`);
      const d = deferred<string>();
      pending.push(d);
      return d.promise;
    });
    const first = queue.enqueue('q1', 'a');
    const second = queue.enqueue('q2', 'x');
    const third = queue.enqueue('q2', 'y');
    expect(sent).toEqual(['q1=a']);
    expect(queue.busy).toBe(true);
    pending[0]!.resolve('done a');
    expect(await first).toBe('done a');
    await Promise.resolve();
    expect(sent).toEqual(['q1=a', 'q2=y']);
    pending[1]!.resolve('done y');
    expect(await second).toBe('done y');
    expect(await third).toBe('done y');
    expect(queue.busy).toBe(false);
  });

  it('rejects the callers of a failed write and goes on with the next', async () => {
    const queue = new WriteQueue<string, string>(async (key) => {
      if (key === 'bad') throw new Error('no');
      return key;
    });
    const bad = queue.enqueue('bad', '1');
    const good = queue.enqueue('good', '2');
    await expect(bad).rejects.toThrow('no');
    expect(await good).toBe('good');
  });

  it('makes idempotency keys long enough and different each time', () => {
    const a = newIdempotencyKey();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a).not.toBe(newIdempotencyKey());
  });
});
