import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaselineComparisonSchema, DashboardSchema, TaskListSchema } from '@tenantry/shared';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { loadLibrary } from '../content/library.seed.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoBanner, seedDemoData } from './demo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await loadLibrary(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('on an empty database creates a verified demo user with an account, once', async () => {
    expect(await seedDemoData(t.database.db, t.auth)).toBe(true);
    expect(await seedDemoData(t.database.db, t.auth)).toBe(false);
    const browser = t.client();
    expect((await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200);
    const me = (await (await browser.get('/api/v1/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ email: DEMO_EMAIL, emailVerified: true, role: 'user' });
    expect(me.tid).toEqual(expect.any(String));
    // No verification e-mail for the demo user.
    expect(await t.mailTo(DEMO_EMAIL)).toEqual([]);
    // The demo account has client tenants to look at, audited like any other.
    const list = (await (await browser.get('/api/v1/tenants')).json()) as {
      tenants: { name: string }[];
    };
    expect(list.tenants.map((x) => x.name)).toEqual([
      'Acme Manufacturing',
      'Blue Harbor Logistics',
      'Cedar Health Clinic',
    ]);
  });

  it('gives each demo tenant a baseline three months old and a better follow-up', async () => {
    const browser = t.client();
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const list = (await (await browser.get('/api/v1/tenants')).json()) as {
      tenants: { id: string; name: string; latest: { completedAt: string } | null }[];
    };
    for (const tenant of list.tenants) {
      const c = BaselineComparisonSchema.parse(
        await (await browser.get(`/api/v1/tenants/${tenant.id}/baseline`)).json(),
      );
      expect(c.baseline?.status, tenant.name).toBe('completed');
      expect(c.baseline?.completion).toBe(1);
      const age = Date.now() - Date.parse(c.baseline!.completedAt!);
      expect(age).toBeGreaterThan(80 * 86_400_000);
      expect(c.latest, tenant.name).not.toBeNull();
      expect(c.overall.trend, tenant.name).toBe('improved');
      expect(c.counts.improved).toBeGreaterThan(0);
      // The tenant list shows the latest completed one, with its own date.
      const latest = c.latest?.status === 'completed' ? c.latest : c.baseline;
      expect(tenant.latest?.completedAt).toBe(latest?.completedAt);
      // The baseline's gaps have remediation tasks: some done, some overdue, one risk accepted.
      const tasks = TaskListSchema.parse(
        await (await browser.get(`/api/v1/tenants/${tenant.id}/tasks`)).json(),
      );
      const gaps = c.questions.filter((q) => q.baseline?.gap).length;
      expect(gaps, tenant.name).toBeGreaterThan(0);
      expect(tasks.items.length, tenant.name).toBe(gaps);
      expect(tasks.counts.done, tenant.name).toBeGreaterThan(0);
      expect(tasks.counts.risk_accepted, tenant.name).toBe(1);
      expect(tasks.counts.overdue, tenant.name).toBeGreaterThan(0);
    }
    const dash = DashboardSchema.parse(await (await browser.get('/api/v1/dashboard')).json());
    expect(dash.remediation.overdue).toBeGreaterThan(0);
    expect(dash.remediation.overdueTasks.length).toBeGreaterThan(0);
  });

  it('the banner tells the URL, the credentials and how to become a system admin', () => {
    const banner = demoBanner('http://localhost:3000', true);
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain(DEMO_EMAIL);
    expect(banner).toContain(DEMO_PASSWORD);
    expect(banner).toContain(`npm run cli -- grant-admin ${DEMO_EMAIL}`);
  });
});
