import {
  ErrorBodySchema,
  WEBHOOK_LIMITS,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookSecretSchema,
  type Webhook,
} from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { createApp, type TenantryApp } from '../../app.ts';
import { setupTestApp, testConfig, TestClient, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { auditActions } from '../../test/data.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  signUpPerson,
  type Person,
} from '../../test/people.ts';

const BASE = '/api/v1/webhooks';
const URL_OK = 'http://127.0.0.1:9/hooks';

let t: TestApp;
let owner: Person;
let admin: Person;
let member: Person;
let other: Person;
/** An account on its trial (the Pro plan: no developer API). */
let trial: Person;
/** The same database behind an app with WEBHOOK_ALLOW_PRIVATE_URLS off (the default). */
let strict: TenantryApp;
let strictOwner: TestClient;

beforeAll(async () => {
  t = await setupTestApp({ config: { webhookAllowPrivateUrls: true } });
  owner = await signUpPerson(t, 'wh-owner', 'Olga Owner');
  await compBusiness(t, owner.tid);
  admin = await addMember(t, owner, 'admin');
  member = await addMember(t, owner, 'member');
  other = await signUpPerson(t, 'wh-other');
  await compBusiness(t, other.tid);
  trial = await signUpPerson(t, 'wh-trial');
  strict = createApp({ config: testConfig(), database: t.database, jobs: t.deps.jobs });
  strictOwner = new TestClient(strict.app);
  for (const [k, v] of owner.client.cookies) strictOwner.cookies.set(k, v);
});
afterAll(async () => {
  await strict?.deps.live.close();
  await t?.close();
});

async function create(
  who: Person,
  over: Record<string, unknown> = {},
): Promise<Webhook & { status?: never }> {
  const res = await who.client.post(BASE, {
    url: URL_OK,
    description: 'CI',
    events: ['assessment.completed', 'task.created'],
    ...over,
  });
  await expectStatus(res, 201);
  return WebhookSchema.parse(await res.json());
}

async function rows(accountId: string) {
  return t.database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
}

describe('endpoints', () => {
  it('creates, lists, reads, changes and deletes an endpoint, auditing each change', async () => {
    const hook = await create(owner, { url: '  https://hooks.test.example/in  ' });
    expect(hook).toMatchObject({
      url: 'https://hooks.test.example/in',
      description: 'CI',
      events: ['assessment.completed', 'task.created'],
      enabled: true,
      lastDelivery: null,
    });
    const list = WebhookListSchema.parse(await (await owner.client.get(BASE)).json());
    expect(list.limit).toBe(WEBHOOK_LIMITS.perAccount);
    expect(list.webhooks.map((w) => w.id)).toContain(hook.id);
    expect(JSON.stringify(list)).not.toContain('whsec_');

    const got = await owner.client.get(`${BASE}/${hook.id}`);
    expect(got.status).toBe(200);
    expect(WebhookSchema.parse(await got.json()).id).toBe(hook.id);

    const patched = await owner.client.request(`${BASE}/${hook.id}`, {
      method: 'PATCH',
      json: { description: 'Nightly', events: ['baseline.changed'], enabled: false },
    });
    await expectStatus(patched, 200);
    expect(WebhookSchema.parse(await patched.json())).toMatchObject({
      description: 'Nightly',
      events: ['baseline.changed'],
      enabled: false,
    });

    const gone = await owner.client.request(`${BASE}/${hook.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await owner.client.get(`${BASE}/${hook.id}`)).status).toBe(404);
    expect(await auditActions(t, owner.tid, { targetId: hook.id })).toEqual(
      expect.arrayContaining(['webhooks.created', 'webhooks.updated', 'webhooks.deleted']),
    );
  });

  it('lets an admin manage the endpoints too', async () => {
    const hook = await create(admin);
    const res = await admin.client.request(`${BASE}/${hook.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
  });

  it.each([
    ['no URL', { url: undefined }, 'url'],
    ['a URL that is not one', { url: 'hooks here' }, 'url'],
    ['an ftp URL', { url: 'ftp://files.example.com/x' }, 'url'],
    ['a URL with a password', { url: 'https://user:pw@hooks.example.com/' }, 'url'],
    ['a URL too long', { url: `https://example.com/${'a'.repeat(WEBHOOK_LIMITS.url)}` }, 'url'],
    ['a NUL in the URL', { url: 'https://example.com/\u0000' }, 'url'],
    ['no events', { events: [] }, 'events'],
    ['an unknown event', { events: ['tenant.deleted'] }, 'events.0'],
    ['the ping as an event', { events: ['webhook.ping'] }, 'events.0'],
    ['an event twice', { events: ['task.created', 'task.created'] }, 'events'],
    [
      'a description too long',
      { description: 'x'.repeat(WEBHOOK_LIMITS.description + 1) },
      'description',
    ],
    ['a lone surrogate in the description', { description: 'a\ud800' }, 'description'],
    ['enabled as text', { enabled: 'yes' }, 'enabled'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, over, field) => {
    const before = (await rows(owner.tid)).length;
    const res = await owner.client.post(BASE, {
      url: URL_OK,
      events: ['task.created'],
      ...over,
    });
    expect(res.status).toBe(400);
    const err = ErrorBodySchema.parse(await res.json());
    expect(err.error.code).toBe('common.validation');
    expect(Object.keys(err.error.fields ?? {})).toContain(field);
    expect((await rows(owner.tid)).length).toBe(before);
  });

  it('refuses a PATCH with a bad field, changing nothing', async () => {
    const hook = await create(owner);
    const res = await owner.client.request(`${BASE}/${hook.id}`, {
      method: 'PATCH',
      json: { events: [], url: 'nope' },
    });
    expect(res.status).toBe(400);
    const fields = ErrorBodySchema.parse(await res.json()).error.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['events', 'url']);
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(row?.events).toEqual(['assessment.completed', 'task.created']);
  });

  it(`allows ${WEBHOOK_LIMITS.perAccount} endpoints per account, then 409`, async () => {
    const crowd = await signUpPerson(t, 'wh-crowd');
    await compBusiness(t, crowd.tid);
    for (let i = 0; i < WEBHOOK_LIMITS.perAccount; i += 1) await create(crowd);
    const res = await crowd.client.post(BASE, { url: URL_OK, events: ['task.created'] });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('webhooks.too_many');
    expect((await rows(crowd.tid)).length).toBe(WEBHOOK_LIMITS.perAccount);
  });
});

describe('who may', () => {
  it('refuses a member (403), changing nothing', async () => {
    const hook = await create(owner);
    const before = await rows(owner.tid);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', BASE],
      ['POST', BASE, { url: URL_OK, events: ['task.created'] }],
      ['GET', `${BASE}/${hook.id}`],
      ['PATCH', `${BASE}/${hook.id}`, { enabled: false }],
      ['DELETE', `${BASE}/${hook.id}`],
      ['GET', `${BASE}/${hook.id}/secret`],
      ['POST', `${BASE}/${hook.id}/secret/rotate`, {}],
      ['POST', `${BASE}/${hook.id}/ping`, {}],
      ['GET', `${BASE}/${hook.id}/deliveries`],
    ];
    for (const [method, path, json] of calls) {
      const res = await member.client.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await rows(owner.tid)).toEqual(before);
  });

  it('answers 404 to another account, for the endpoint and its deliveries, changing nothing', async () => {
    const hook = await create(owner);
    const ping = await owner.client.post(`${BASE}/${hook.id}/ping`, {});
    const delivery = WebhookDeliverySchema.parse(await ping.json());
    const before = await rows(owner.tid);
    const deliveriesBefore = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.accountId, owner.tid));
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${BASE}/${hook.id}`],
      ['PATCH', `${BASE}/${hook.id}`, { enabled: false }],
      ['DELETE', `${BASE}/${hook.id}`],
      ['GET', `${BASE}/${hook.id}/secret`],
      ['POST', `${BASE}/${hook.id}/secret/rotate`, {}],
      ['POST', `${BASE}/${hook.id}/ping`, {}],
      ['GET', `${BASE}/${hook.id}/deliveries`],
      ['POST', `${BASE}/${hook.id}/deliveries/${delivery.id}/redeliver`, {}],
    ];
    for (const [method, path, json] of calls) {
      const res = await other.client.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      const text = await res.text();
      expect(text).not.toContain(owner.tid);
      expect(text).not.toContain('whsec_');
    }
    // Their own endpoint with the victim's delivery id is no way in either.
    const theirs = await create(other);
    const cross = await other.client.post(
      `${BASE}/${theirs.id}/deliveries/${delivery.id}/redeliver`,
      {},
    );
    expect(cross.status).toBe(404);
    expect(await errorCode(cross)).toBe('webhooks.delivery_not_found');
    expect(await rows(owner.tid)).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.accountId, owner.tid)),
    ).toEqual(deliveriesBefore);
    // Their list shows only their own.
    const list = WebhookListSchema.parse(await (await other.client.get(BASE)).json());
    expect(list.webhooks.map((w) => w.id)).toEqual([theirs.id]);
  });

  it('needs the developer API of the Business plan to create, change or send (402)', async () => {
    const res = await trial.client.post(BASE, { url: URL_OK, events: ['task.created'] });
    expect(res.status).toBe(402);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('billing.feature_locked');
    expect(body.error.details).toMatchObject({ feature: 'api' });
    expect(await rows(trial.tid)).toEqual([]);
    // Reading works on any plan.
    expect((await trial.client.get(BASE)).status).toBe(200);
  });

  it('refuses the signed-out (401)', async () => {
    expect((await t.client().get(BASE)).status).toBe(401);
  });
});

describe('URLs that are not allowed (WEBHOOK_ALLOW_PRIVATE_URLS off)', () => {
  it.each([
    ['http, not https', 'http://93.184.215.14/hooks'],
    ['loopback', 'https://127.0.0.1/hooks'],
    ['loopback, another spelling', 'https://2130706433/hooks'],
    ['a private network', 'https://10.1.2.3/hooks'],
    ['a private network (192.168)', 'https://192.168.1.20:8443/hooks'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
    ['carrier-grade NAT', 'https://100.64.0.1/'],
    ['unspecified', 'https://0.0.0.0/'],
    ['IPv6 loopback', 'https://[::1]/hooks'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hooks'],
    ['IPv6 unique-local', 'https://[fd00::1]/hooks'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks'],
    ['multicast', 'https://224.0.0.1/'],
    ['localhost', 'https://localhost/hooks'],
    ['a name that resolves to loopback', 'https://localhost./hooks'],
  ])('refuses %s with a 400 on url', async (_, url) => {
    const before = (await rows(owner.tid)).length;
    const res = await strictOwner.post(BASE, { url, events: ['task.created'] });
    await expectStatus(res, 400);
    const err = ErrorBodySchema.parse(await res.json());
    expect(err.error.code).toBe('webhooks.url_not_allowed');
    expect(err.error.fields?.url).toBeTruthy();
    expect((await rows(owner.tid)).length).toBe(before);
  });

  it('accepts a public address, and refuses a private one on change', async () => {
    const res = await strictOwner.post(BASE, {
      url: 'https://93.184.215.14/hooks',
      events: ['task.created'],
    });
    await expectStatus(res, 201);
    const hook = WebhookSchema.parse(await res.json());
    const patch = await strictOwner.request(`${BASE}/${hook.id}`, {
      method: 'PATCH',
      json: { url: 'https://10.0.0.1/x' },
    });
    expect(patch.status).toBe(400);
    expect(await errorCode(patch)).toBe('webhooks.url_not_allowed');
    const [row] = await rows(owner.tid).then((r) => r.filter((x) => x.id === hook.id));
    expect(row?.url).toBe('https://93.184.215.14/hooks');
  });
});

describe('secrets', () => {
  it('reveals a Standard Webhooks secret and rotates it (audited)', async () => {
    const hook = await create(owner);
    const res = await owner.client.get(`${BASE}/${hook.id}/secret`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { secret } = WebhookSecretSchema.parse(await res.json());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    const rotated = await owner.client.post(`${BASE}/${hook.id}/secret/rotate`, {});
    expect(rotated.status).toBe(200);
    const next = WebhookSecretSchema.parse(await rotated.json()).secret;
    expect(next).not.toBe(secret);
    const again = WebhookSecretSchema.parse(
      await (await owner.client.get(`${BASE}/${hook.id}/secret`)).json(),
    );
    expect(again.secret).toBe(next);
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(row?.previousSecret).toBe(secret);
    expect(await auditActions(t, owner.tid, { targetId: hook.id })).toContain(
      'webhooks.secret_rotated',
    );
  });
});

describe('pings, the delivery log and redelivery', () => {
  it('queues a ping, lists deliveries newest first in pages, and redelivers one', async () => {
    const hook = await create(owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await owner.client.post(`${BASE}/${hook.id}/ping`, {});
      await expectStatus(res, 202);
      const d = WebhookDeliverySchema.parse(await res.json());
      expect(d).toMatchObject({ eventType: 'webhook.ping', status: 'pending', attempts: 0 });
      ids.push(d.id);
    }
    const first = WebhookDeliveryListSchema.parse(
      await (await owner.client.get(`${BASE}/${hook.id}/deliveries?limit=2`)).json(),
    );
    expect(first.items.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBeTruthy();
    const second = WebhookDeliveryListSchema.parse(
      await (
        await owner.client.get(
          `${BASE}/${hook.id}/deliveries?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
        )
      ).json(),
    );
    expect(second.items.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    const forged = await owner.client.get(`${BASE}/${hook.id}/deliveries?cursor=bm9wZQ`);
    expect(forged.status).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(await forged.json()).error.fields ?? {})).toEqual([
      'cursor',
    ]);

    const again = await owner.client.post(`${BASE}/${hook.id}/deliveries/${ids[0]}/redeliver`, {});
    await expectStatus(again, 202);
    const redelivery = WebhookDeliverySchema.parse(await again.json());
    expect(redelivery.id).not.toBe(ids[0]);
    const [original] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, ids[0]!));
    expect(redelivery.messageId).toBe(original?.messageId);

    const listed = WebhookListSchema.parse(await (await owner.client.get(BASE)).json());
    expect(listed.webhooks.find((w) => w.id === hook.id)?.lastDelivery?.status).toBe('pending');
  });

  it('refuses to ping a disabled endpoint (409), and disabling fails its pending deliveries', async () => {
    const hook = await create(owner);
    await owner.client.post(`${BASE}/${hook.id}/ping`, {});
    const off = await owner.client.request(`${BASE}/${hook.id}`, {
      method: 'PATCH',
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    const log = WebhookDeliveryListSchema.parse(
      await (await owner.client.get(`${BASE}/${hook.id}/deliveries`)).json(),
    );
    expect(log.items[0]).toMatchObject({ status: 'failed', error: 'The endpoint was disabled.' });
    const ping = await owner.client.post(`${BASE}/${hook.id}/ping`, {});
    expect(ping.status).toBe(409);
    expect(await errorCode(ping)).toBe('webhooks.disabled');
  });

  it('answers 404 for a delivery that is not the endpoint’s', async () => {
    const a = await create(owner);
    const b = await create(owner);
    const d = WebhookDeliverySchema.parse(
      await (await owner.client.post(`${BASE}/${a.id}/ping`, {})).json(),
    );
    const res = await owner.client.post(`${BASE}/${b.id}/deliveries/${d.id}/redeliver`, {});
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('webhooks.delivery_not_found');
  });
});
