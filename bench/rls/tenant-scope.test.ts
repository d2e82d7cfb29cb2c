import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { accounts, tenants } from '../../apps/server/src/db/schema/index.ts';
import { createTestDatabase } from '../../apps/server/src/test/db.ts';
import { tenantScopeSetupSql, withTenantScope } from './tenant-scope.ts';

// The prototype of ADR 0008 on this run's scratch database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the policies must hide and protect another account's rows.
let h: DatabaseHandle;
const a = randomUUID();
const b = randomUUID();
const tenantOfB = randomUUID();

beforeAll(async () => {
  h = await createTestDatabase();
  await h.executeSql(tenantScopeSetupSql());
  await h.db.insert(accounts).values([
    { id: a, name: 'A' },
    { id: b, name: 'B' },
  ]);
  await h.db.insert(tenants).values([
    { id: randomUUID(), accountId: a, name: 'A client' },
    { id: tenantOfB, accountId: b, name: 'B client' },
  ]);
});
afterAll(async () => {
  await h?.close();
});

describe(`row-level security through withTenantScope`, () => {
  it('sees only the scoped account’s rows, even without account_id in the where', async () => {
    const names = await withTenantScope(h.db, a, (tx) =>
      tx.select({ name: tenants.name }).from(tenants),
    );
    expect(names).toEqual([{ name: 'A client' }]);
    const byId = await withTenantScope(h.db, a, (tx) =>
      tx.select().from(tenants).where(eq(tenants.id, tenantOfB)),
    );
    expect(byId).toEqual([]);
  });

  it('cannot update, delete or insert another account’s rows', async () => {
    await withTenantScope(h.db, a, async (tx) => {
      await tx.update(tenants).set({ name: 'taken' }).where(eq(tenants.id, tenantOfB));
      await tx.delete(tenants).where(eq(tenants.id, tenantOfB));
    });
    const [row] = await h.db
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, tenantOfB));
    expect(row?.name).toBe('B client');
    await expect(
      withTenantScope(h.db, a, (tx) =>
        tx.insert(tenants).values({ id: randomUUID(), accountId: b, name: 'x' }),
      ),
    ).rejects.toThrow();
  });

  it('the role and the account end with the transaction', async () => {
    await withTenantScope(h.db, a, async () => {});
    const [row] = await queryRows<{ role: string; account: string | null; n: number }>(
      h.db,
      sql`select current_user as role, nullif(current_setting('app.account_id', true), '') as account,
        (select count(*)::int from tenants) as n`,
    );
    expect(row?.role).not.toBe('tenantry_app');
    expect(row?.account).toBeNull();
    expect(row?.n).toBe(2);
  });

  it('without an account set, nothing is visible', async () => {
    const rows = await h.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'tenantry_app', true)`);
      return tx.select().from(tenants);
    });
    expect(rows).toEqual([]);
  });
});
