import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { createLiveHub, LIVE_ANNOUNCE_MS, type LiveNotice } from './live.ts';

const dialect = new PgDialect();

/** A hub over a fake database that records each statement's parameters. */
function hubWithFakeDatabase(fail = false) {
  const statements: unknown[][] = [];
  const errors: unknown[] = [];
  const db = {
    execute: async (query: SQL) => {
      const { params } = dialect.sqlToQuery(query);
      statements.push(params);
      if (fail) throw new Error('database away');
      return { rows: [] };
    },
  } as unknown as Database;
  const hub = createLiveHub({ db, listen: async () => async () => {} }, (err) => errors.push(err));
  return { hub, statements, errors };
}

const notice = (id: number, assessmentId: string, kind: LiveNotice['kind'] = 'answer') => ({
  id,
  tenantId: 't1',
  assessmentId,
  kind,
});

describe('live announcements', () => {
  it('gathers a burst into one statement, keeping the newest id per assessment and kind', async () => {
    const { hub, statements } = hubWithFakeDatabase();
    hub.announce(notice(1, 'a1'));
    hub.announce(notice(3, 'a1'));
    hub.announce(notice(2, 'a1')); // an older one arriving late changes nothing
    hub.announce(notice(4, 'a2'));
    hub.announce(notice(5, 'a1', 'status'));
    await new Promise((r) => setTimeout(r, LIVE_ANNOUNCE_MS + 30));
    expect(statements).toHaveLength(1);
    const [channel, list] = statements[0]!;
    expect(channel).toBe('tenantry_live');
    const payloads = (JSON.parse(list as string) as string[]).map((p) => JSON.parse(p) as object);
    expect(payloads).toEqual([
      { i: 3, t: 't1', a: 'a1', k: 'answer' },
      { i: 4, t: 't1', a: 'a2', k: 'answer' },
      { i: 5, t: 't1', a: 'a1', k: 'status' },
    ]);
  });

  it('sends the first announcement after a quiet spell at once, and flush() sends what waits', async () => {
    const { hub, statements } = hubWithFakeDatabase();
    hub.announce(notice(1, 'a1'));
    await new Promise((r) => setTimeout(r, 1));
    expect(statements).toHaveLength(1);
    hub.announce(notice(2, 'a1')); // within the window: waits
    expect(statements).toHaveLength(1);
    await hub.flush();
    expect(statements).toHaveLength(2);
    await hub.flush(); // nothing gathered: no statement
    expect(statements).toHaveLength(2);
  });

  it('flush() waits for a send already under way (the database closes after it)', async () => {
    let release = () => {};
    const done: string[] = [];
    const db = {
      execute: async () => {
        await new Promise<void>((r) => (release = r));
        done.push('sent');
        return { rows: [] };
      },
    } as unknown as Database;
    const hub = createLiveHub({ db, listen: async () => async () => {} });
    hub.announce(notice(1, 'a1')); // goes out at once
    await new Promise((r) => setTimeout(r, 5));
    const flushed = hub.flush().then(() => done.push('flushed'));
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toEqual([]);
    release();
    await flushed;
    expect(done).toEqual(['sent', 'flushed']);
  });

  it('reports a failed send and keeps working', async () => {
    const { hub, statements, errors } = hubWithFakeDatabase(true);
    hub.announce(notice(1, 'a1'));
    await hub.flush();
    expect(errors).toHaveLength(1);
    hub.announce(notice(2, 'a1'));
    await hub.flush();
    expect(statements).toHaveLength(2);
  });
});
