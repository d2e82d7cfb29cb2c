import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../test/app.ts';
import { accounts } from './schema/index.ts';
import { queryRows, runPrepared, statementName } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('prepared statements', () => {
  it('name one SQL shape stably and different shapes differently', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1')).toMatch(/^q_[0-9a-f]{24}$/);
  });

  it('answer the same rows as an unprepared query, call after call, with other values', async () => {
    const db = t.database.db;
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const query = sql`select ${n}::int as n, ${`v${n}`}::text as v`;
      expect(await queryRows(db, query, { prepared: true })).toEqual(await queryRows(db, query));
    }
    await db.insert(accounts).values({ id: 'prepared-probe', name: 'Probe' });
    for (const id of ['prepared-probe', 'missing']) {
      const rows = await runPrepared(
        db
          .select({ id: accounts.id, name: accounts.name })
          .from(accounts)
          .where(sql`${accounts.id} = ${id}`),
      );
      expect(rows).toEqual(id === 'missing' ? [] : [{ id, name: 'Probe' }]);
    }
  });
});
