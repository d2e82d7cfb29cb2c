import { ErrorBodySchema } from '@tenantry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/index.ts';
import { setupTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/app.ts';
import { enrolTotp } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ENDPOINT = '/api/v1/analytics/events';

async function eventCount() {
  const [row] = await t.database.db.select({ n: count() }).from(analyticsEvents);
  return row?.n ?? 0;
}

describe('analytics events', () => {
  it('a signed-out page view on the sign-in page is stored without user or account', async () => {
    const path = `/signin?probe=${uniqueEmail()}`;
    const res = await t.client().post(ENDPOINT, {
      events: [{ name: 'page_view', path, title: 'signin', tab: null, focus: null }],
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 1 });
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.path, path));
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'page_view',
        title: 'signin',
        userId: null,
        accountId: null,
      }),
    ]);
    expect(rows[0]!.receivedAt).toBeInstanceOf(Date);
  });

  it('a signed-in user’s batch is stored with their user and account, in one go', async () => {
    const browser = t.client();
    await browser.signUp({ email: uniqueEmail('analyst') });
    const meBody = (await (await browser.get('/api/v1/me')).json()) as { uid: string; tid: string };
    const occurredAt = '2025-01-02T03:04:05.000Z';
    const res = await browser.post(ENDPOINT, {
      events: [
        {
          name: 'page_view',
          path: '/tenant/t1/overview',
          title: 'overview',
          tab: 'overview',
          occurredAt,
        },
        { name: 'purchase', path: '/checkout-success', title: 'checkoutSuccess' },
      ],
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2 });
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, meBody.uid));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.accountId).toBe(meBody.tid);
    expect(rows.find((r) => r.name === 'page_view')?.occurredAt.toISOString()).toBe(occurredAt);
  });

  it('accepts a navigator.sendBeacon post (a JSON Blob from the same origin)', async () => {
    const blob = new Blob([JSON.stringify({ events: [{ name: 'page_view', path: '/beacon' }] })], {
      type: 'application/json',
    });
    const res = await t.client().request(ENDPOINT, {
      method: 'POST',
      body: blob,
      headers: { origin: TEST_ORIGIN, 'content-type': blob.type },
    });
    expect(res.status).toBe(202);
  });

  it('a bad batch gets 400 with the fields at fault, and nothing of it is written', async () => {
    const before = await eventCount();
    const res = await t.client().post(ENDPOINT, {
      events: [
        { name: 'page_view', path: '/fine' },
        { name: 'not_an_event', path: '/x' },
        { name: 'page_view', path: '' },
      ],
    });
    expect(res.status).toBe(400);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('common.validation');
    expect(Object.keys(body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['events.1.name', 'events.2.path']),
    );
    expect(await eventCount()).toBe(before);
  });

  it('refuses an empty batch, a batch over 50 and a body that is not JSON', async () => {
    const before = await eventCount();
    const empty = await t.client().post(ENDPOINT, { events: [] });
    expect(empty.status).toBe(400);
    const many = await t.client().post(ENDPOINT, {
      events: Array.from({ length: 51 }, () => ({ name: 'page_view', path: '/x' })),
    });
    expect(many.status).toBe(400);
    const broken = await t.client().request(ENDPOINT, {
      method: 'POST',
      body: '{"events": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(ErrorBodySchema.parse(await broken.json()).error.code).toBe('common.bad_request');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.client().request(ENDPOINT, {
      method: 'POST',
      body: JSON.stringify({ events: [{ name: 'page_view', path: 'x'.repeat(1_100_000) }] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.bad_request');
  });
});

describe('reading stored events (service console)', () => {
  const LIST = '/api/v1/system/analytics/events';

  it('is refused to a signed-out visitor (401) and to an ordinary user (403)', async () => {
    expect((await t.client().get(LIST)).status).toBe(401);
    const browser = t.client();
    await browser.signUp({ email: uniqueEmail('nosy') });
    const res = await browser.get(LIST);
    expect(res.status).toBe(403);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.forbidden');
  });

  it('lists a system admin the events of a path, newest first', async () => {
    const email = uniqueEmail('sysadmin');
    const admin = t.client();
    await admin.signUp({ email });
    await t.setFlags(email, { isSystemAdmin: true });
    await enrolTotp(admin);
    const path = `/explore/articles/${uniqueEmail('probe')}`;
    await t.client().post(ENDPOINT, {
      events: [
        { name: 'page_view', path, title: 'articles', tab: 'articles', focus: null },
        { name: 'purchase', path, title: 'checkoutSuccess' },
      ],
    });
    const res = await admin.get(`${LIST}?path=${encodeURIComponent(path)}&name=page_view`);
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: Record<string, unknown>[] };
    expect(events).toEqual([
      expect.objectContaining({ name: 'page_view', path, title: 'articles', tab: 'articles' }),
    ]);
  });

  it('refuses a bad filter with 400 and the field', async () => {
    const email = uniqueEmail('sysadmin');
    const admin = t.client();
    await admin.signUp({ email });
    await t.setFlags(email, { isSystemAdmin: true });
    await enrolTotp(admin);
    const res = await admin.get(`${LIST}?limit=5000&name=nope`);
    expect(res.status).toBe(400);
    const body = ErrorBodySchema.parse(await res.json());
    expect(Object.keys(body.error.fields ?? {})).toEqual(expect.arrayContaining(['limit', 'name']));
  });
});
