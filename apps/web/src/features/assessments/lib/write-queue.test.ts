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

  it('bases a write made on top of a pending one of the same key on what that one left', async () => {
    type In = { v: string; base: number };
    const sent: In[] = [];
    const pending: Array<ReturnType<typeof deferred<number>>> = [];
    const queue = new WriteQueue<In, number>(
      (_key, input) => {
        sent.push(input);
        const d = deferred<number>();
        pending.push(d);
        return d.promise;
      },
      (input, previous) => ({ ...input, base: previous }),
    );
    // Yes on revision 1; then No and Partial while it is on the wire (Partial replaces No).
    const first = queue.enqueue('q1', { v: 'yes', base: 1 });
    void queue.enqueue('q1', { v: 'no', base: 1 });
    const third = queue.enqueue('q1', { v: 'partial', base: 1 });
    // Another question waiting meanwhile is not chained to anything.
    const other = queue.enqueue('q2', { v: 'x', base: 5 });
    pending[0]!.resolve(2);
    await first;
    await Promise.resolve();
    expect(sent[1]).toEqual({ v: 'partial', base: 2 });
    pending[1]!.resolve(3);
    expect(await third).toBe(3);
    await Promise.resolve();
    expect(sent[2]).toEqual({ v: 'x', base: 5 });
    pending[2]!.resolve(6);
    await other;
  });

  it('sends a chained write as it was queued when the earlier one failed', async () => {
    type In = { v: string; base: number };
    const sent: In[] = [];
    const queue = new WriteQueue<In, number>(
      async (_key, input) => {
        sent.push(input);
        await Promise.resolve();
        if (input.v === 'yes') throw new Error('conflict');
        return 9;
      },
      (input, previous) => ({ ...input, base: previous }),
    );
    const first = queue.enqueue('q1', { v: 'yes', base: 1 });
    const second = queue.enqueue('q1', { v: 'no', base: 1 });
    await expect(first).rejects.toThrow('conflict');
    expect(await second).toBe(9);
    expect(sent).toEqual([
      { v: 'yes', base: 1 },
      { v: 'no', base: 1 },
    ]);
  });

  it('makes idempotency keys long enough and different each time', () => {
    const a = newIdempotencyKey();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a).not.toBe(newIdempotencyKey());
  });
});
