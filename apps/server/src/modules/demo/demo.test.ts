import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoBanner, seedDemoData } from './demo.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
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

  it('the banner tells the URL, the credentials and how to become a system admin', () => {
    const banner = demoBanner('http://localhost:3000', true);
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain(DEMO_EMAIL);
    expect(banner).toContain(DEMO_PASSWORD);
    expect(banner).toContain(`npm run cli -- grant-admin ${DEMO_EMAIL}`);
  });
});
