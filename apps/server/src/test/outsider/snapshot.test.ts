// The fuzz suite's change log (snapshot.ts): it must see every write a fingerprint would see,
// and nothing the fingerprint leaves out, or the suite's "a refused request changed nothing"
// would pass by not looking.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, tenants, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../app.ts';
import { signUpPerson } from '../people.ts';
import { installChangeLog, takeChanges } from './snapshot.ts';

let t: TestApp;
let uid: string;
let tid: string;

beforeAll(async () => {
  t = await setupTestApp();
  const person = await signUpPerson(t, 'changes');
  uid = person.uid;
  tid = person.tid;
  await installChangeLog(t.database.db, ['analytics_events']);
  await takeChanges(t.database.db);
});
afterAll(() => t.close());

describe('the change log', () => {
  it('names each table a write reached, once, and forgets it when read', async () => {
    const { db } = t.database;
    await db.insert(tenants).values({ id: randomUUID(), accountId: tid, name: 'Logged' });
    await db.update(users).set({ name: 'Changed' }).where(eq(users.id, uid));
    await db.update(users).set({ name: 'Changed again' }).where(eq(users.id, uid));
    expect(await takeChanges(db)).toEqual(['tenants', 'users']);
    expect(await takeChanges(db)).toEqual([]);
  });

  it('ignores the columns and tables the fingerprint leaves out, and no-op updates', async () => {
    const { db } = t.database;
    await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, uid));
    await db.execute(sql`update tenants set name = name where account_id = ${tid}`);
    await db.execute(sql`delete from rate_limits`);
    expect(await takeChanges(db)).toEqual([]);
  });

  it('counts the extra tables it was given, and not a write rolled back', async () => {
    const { db } = t.database;
    await db
      .transaction(async (tx) => {
        await tx.insert(tenants).values({ id: randomUUID(), accountId: tid, name: 'Rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await takeChanges(db)).toEqual([]);
    await db.insert(analyticsEvents).values({
      id: 'change-log-event',
      name: 'page_view',
      path: '/',
      occurredAt: new Date(),
    });
    expect(await takeChanges(db)).toEqual(['analytics_events']);
  });
});
