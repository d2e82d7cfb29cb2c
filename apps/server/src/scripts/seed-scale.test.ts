import type { TenantPage } from '@tenantry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../test/app.ts';
import { SCALE_BIG_OWNER_EMAIL, SCALE_PASSWORD, scaleOwnerEmail, seedScale } from './seed-scale.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seed:scale', () => {
  it('creates accounts with owners who can sign in and see their own tenants; a second run adds nothing', async () => {
    const opts = { accounts: 3, tenantsPerAccount: 5, bigTenants: 250, batch: 100 };
    const first = await seedScale(t.database.db, opts);
    expect(first).toMatchObject({ created: true, accounts: 4, tenants: 265 });
    const again = await seedScale(t.database.db, opts);
    expect(again.created).toBe(false);
    const [all] = await t.database.db.select({ n: count() }).from(tenants);
    expect(all?.n).toBe(265);
    const [big] = await t.database.db
      .select({ n: count() })
      .from(tenants)
      .where(eq(tenants.accountId, first.bigAccountId!));
    expect(big?.n).toBe(250);

    const owner = t.client();
    expect((await owner.signIn(SCALE_BIG_OWNER_EMAIL, SCALE_PASSWORD)).status).toBe(200);
    const page = (await (
      await owner.get('/api/v1/tenants?status=all&limit=100')
    ).json()) as TenantPage;
    expect(page.tenants).toHaveLength(100);
    expect(page.nextCursor).not.toBeNull();

    const small = t.client();
    expect((await small.signIn(scaleOwnerEmail(2), SCALE_PASSWORD)).status).toBe(200);
    const smallPage = (await (await small.get('/api/v1/tenants?status=all')).json()) as TenantPage;
    expect(smallPage.tenants).toHaveLength(5);
  });
});
