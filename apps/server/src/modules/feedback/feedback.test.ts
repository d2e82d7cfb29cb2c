import {
  ErrorBodySchema,
  FEEDBACK_LIMITS,
  FeedbackItemSchema,
  FeedbackListSchema,
  type FeedbackList,
} from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  sharedUser,
  signUpPerson,
} from '../../test/people.ts';

const SEND = '/api/v1/feedback';
const LIST = '/api/v1/service/feedback';

let t: TestApp;
let admin: Person;
let owner: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'fb-admin', 'Staff Person');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'fb-owner', 'Fiona Owner');
});
afterAll(async () => {
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  rating: 4,
  comment: 'Nice page',
  pagePath: '/tenant/abc/overview',
  appVersion: '1764150000000',
  ...over,
});

async function list(query = ''): Promise<FeedbackList> {
  const res = await admin.client.get(`${LIST}${query}`);
  await expectStatus(res, 200);
  return FeedbackListSchema.parse(await res.json());
}

async function rowCount(): Promise<number> {
  return (await t.database.db.select({ id: feedback.id }).from(feedback)).length;
}

describe('POST /api/v1/feedback', () => {
  it('stores the rating, comment, page and version with the sender and their account', async () => {
    const res = await owner.client.post(SEND, body({ comment: '  Love the baseline view  ' }));
    await expectStatus(res, 201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      rating: 4,
      comment: 'Love the baseline view',
      pagePath: '/tenant/abc/overview',
      appVersion: '1764150000000',
      userId: owner.uid,
      accountId: owner.tid,
      handledAt: null,
    });
  });

  it('takes the comment as optional', async () => {
    const { comment: _, ...noComment } = body();
    const res = await owner.client.post(SEND, noComment);
    expect(res.status).toBe(201);
  });

  it('is for signed-in people only', async () => {
    const before = await rowCount();
    const res = await t.client().post(SEND, body());
    expect(res.status).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a shared user (403 common.shared_access): their layout offers no feedback', async () => {
    const tenant = await owner.client.post('/api/v1/tenants', { name: 'Feedback client' });
    await expectStatus(tenant, 201);
    const { id: tid } = (await tenant.json()) as { id: string };
    for (const role of ['viewer', 'contributor'] as const) {
      const shared = await sharedUser(t, owner, tid, role);
      const before = await rowCount();
      const res = await shared.post(SEND, body({ pagePath: `/tenant/${tid}/overview` }));
      await expectStatus(res, 403);
      expect(await errorCode(res)).toBe('common.shared_access');
      expect(await rowCount()).toBe(before);
    }
  });

  it.each([
    ['a rating of 0', { rating: 0 }, 'rating'],
    ['a rating of 6', { rating: 6 }, 'rating'],
    ['a rating of 2.5', { rating: 2.5 }, 'rating'],
    ['a rating as text', { rating: '4' }, 'rating'],
    ['no rating', { rating: undefined }, 'rating'],
    ['a comment too long', { comment: 'x'.repeat(FEEDBACK_LIMITS.comment + 1) }, 'comment'],
    ['a NUL in the comment', { comment: 'a\u0000b' }, 'comment'],
    ['a lone surrogate in the comment', { comment: 'a\ud800b' }, 'comment'],
    ['a path without a slash', { pagePath: 'tenant/abc' }, 'pagePath'],
    ['a path with a query', { pagePath: '/tenant?x=1' }, 'pagePath'],
    ['a protocol-relative path', { pagePath: '//evil.example' }, 'pagePath'],
    ['a NUL in the path', { pagePath: '/a\u0000' }, 'pagePath'],
    ['a path too long', { pagePath: `/${'a'.repeat(FEEDBACK_LIMITS.pagePath)}` }, 'pagePath'],
    ['a version with spaces', { appVersion: '1 2' }, 'appVersion'],
    ['no version', { appVersion: undefined }, 'appVersion'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, over, field) => {
    // A new sender each time: every request counts toward the sender's hourly limit.
    const sender = await signUpPerson(t, 'fb-invalid');
    const before = await rowCount();
    const res = await sender.client.post(SEND, body(over));
    expect(res.status).toBe(400);
    const err = ErrorBodySchema.parse(await res.json());
    expect(err.error.code).toBe('common.validation');
    expect(Object.keys(err.error.fields ?? {})).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it(`allows ${FEEDBACK_LIMITS.perUser} an hour per user, then 429 with Retry-After`, async () => {
    const sender = await signUpPerson(t, 'fb-chatty');
    for (let i = 0; i < FEEDBACK_LIMITS.perUser; i += 1) {
      expect((await sender.client.post(SEND, body({ rating: 3 }))).status).toBe(201);
    }
    const before = await rowCount();
    const res = await sender.client.post(SEND, body());
    expect(res.status).toBe(429);
    expect(await errorCode(res)).toBe('common.rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowCount()).toBe(before);
    // Per user: someone else on the same account still gets through.
    const colleague = await addMember(t, sender, 'member');
    expect((await colleague.client.post(SEND, body())).status).toBe(201);
  });
});

describe('service/feedback (system admins)', () => {
  it('is refused to everyone but system admins', async () => {
    expect((await t.client().get(LIST)).status).toBe(401);
    expect((await owner.client.get(LIST)).status).toBe(403);
    const res = await owner.client.request(`${LIST}/x`, {
      method: 'PATCH',
      json: { handled: true },
    });
    expect(res.status).toBe(403);
  });

  it('lists newest first with sender, account and filters by page, rating and handled', async () => {
    const page = `/explore/frameworks/${Date.now()}`;
    const sent: string[] = [];
    const sender = await signUpPerson(t, 'fb-lister', 'Fiona Sender');
    for (const rating of [1, 5, 5]) {
      const res = await sender.client.post(SEND, body({ rating, pagePath: page }));
      sent.push(((await res.json()) as { id: string }).id);
    }
    const all = await list(`?page=${encodeURIComponent(page)}`);
    expect(all.items.map((i) => i.id)).toEqual([...sent].reverse());
    expect(all.items[0]).toMatchObject({
      pagePath: page,
      user: { id: sender.uid, name: 'Fiona Sender', email: sender.email },
      account: { id: sender.tid },
      handledAt: null,
      handledBy: null,
    });
    const fives = await list(`?page=${encodeURIComponent(page)}&rating=5`);
    expect(fives.items.map((i) => i.id)).toEqual([sent[2], sent[1]]);

    // Mark one handled: it leaves the open list and names who handled it.
    const patched = await admin.client.request(`${LIST}/${sent[0]}`, {
      method: 'PATCH',
      json: { handled: true },
    });
    await expectStatus(patched, 200);
    const item = FeedbackItemSchema.parse(await patched.json());
    expect(item.handledBy).toEqual({ id: admin.uid, name: 'Staff Person' });
    expect(item.handledAt).not.toBeNull();
    const open = await list(`?page=${encodeURIComponent(page)}&handled=open`);
    expect(open.items.map((i) => i.id)).toEqual([sent[2], sent[1]]);
    const handled = await list(`?page=${encodeURIComponent(page)}&handled=handled`);
    expect(handled.items.map((i) => i.id)).toEqual([sent[0]]);
    expect(open.openCount).toBe(all.openCount - 1);

    // Marking it handled again keeps the first time; not handled clears both.
    const again = await admin.client.request(`${LIST}/${sent[0]}`, {
      method: 'PATCH',
      json: { handled: true },
    });
    expect(FeedbackItemSchema.parse(await again.json()).handledAt).toBe(item.handledAt);
    const reopened = await admin.client.request(`${LIST}/${sent[0]}`, {
      method: 'PATCH',
      json: { handled: false },
    });
    expect(FeedbackItemSchema.parse(await reopened.json())).toMatchObject({
      handledAt: null,
      handledBy: null,
    });
  });

  it('pages with a cursor, and refuses a forged one', async () => {
    const page = `/admin/general/${Date.now()}`;
    const sender = await signUpPerson(t, 'fb-pager');
    for (let i = 0; i < 3; i += 1) await sender.client.post(SEND, body({ pagePath: page }));
    const q = `?page=${encodeURIComponent(page)}&limit=2`;
    const first = await list(q);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`${q}&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    const forged = await admin.client.get(`${LIST}?cursor=bm90LWEtY3Vyc29y`);
    expect(forged.status).toBe(400);
  });

  it('answers 400 for bad filters and 404 for unknown feedback', async () => {
    for (const q of ['?rating=0', '?rating=x', '?handled=maybe', '?page=nopath', '?limit=0']) {
      const res = await admin.client.get(`${LIST}${q}`);
      expect(res.status, q).toBe(400);
      expect(await errorCode(res)).toBe('common.validation');
    }
    const res = await admin.client.request(`${LIST}/no-such-feedback`, {
      method: 'PATCH',
      json: { handled: true },
    });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('feedback.not_found');
    const bad = await admin.client.request(`${LIST}/no-such-feedback`, {
      method: 'PATCH',
      json: { handled: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('turning feedback into a roadmap item', () => {
  it('creates the item through the roadmap, names it on the feedback and marks it handled', async () => {
    const sender = await signUpPerson(t, 'fb-idea');
    const sent = await sender.client.post(SEND, body({ comment: 'Export to PDF please' }));
    const { id } = (await sent.json()) as { id: string };
    const path = `${LIST}/${id}/roadmap-item`;
    expect((await sender.client.post(path, { title: 'PDF export' })).status).toBe(403);

    const res = await admin.client.post(path, { title: 'PDF export', description: 'Asked for' });
    await expectStatus(res, 201);
    const item = FeedbackItemSchema.parse(await res.json());
    expect(item.roadmapItemId).not.toBeNull();
    expect(item.handledBy).toEqual({ id: admin.uid, name: 'Staff Person' });
    const onRoadmap = await sender.client.get(`/api/v1/roadmap/items/${item.roadmapItemId}`);
    await expectStatus(onRoadmap, 200);
    expect(((await onRoadmap.json()) as { title: string }).title).toBe('PDF export');

    const again = await admin.client.post(path, { title: 'PDF export again' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('feedback.already_linked');
    const missing = await admin.client.post(`${LIST}/nope/roadmap-item`, { title: 'PDF export' });
    expect(missing.status).toBe(404);
    const invalid = await admin.client.post(path, { title: '' });
    expect(invalid.status).toBe(400);
  });
});

describe('turning feedback into a support ticket', () => {
  const ticket = {
    subject: 'Filters reset on back',
    category: 'problem',
    body: 'From your feedback: the filters reset when you go back.',
  };

  it('opens a ticket in the sender’s name, names it on the feedback and marks it handled', async () => {
    const sender = await signUpPerson(t, 'fb-ticket');
    const sent = await sender.client.post(SEND, body({ pagePath: '/tenant/x/assessments' }));
    const { id } = (await sent.json()) as { id: string };
    const path = `${LIST}/${id}/ticket`;
    expect((await sender.client.post(path, ticket)).status).toBe(403);

    const res = await admin.client.post(path, ticket);
    await expectStatus(res, 201);
    const item = FeedbackItemSchema.parse(await res.json());
    expect(item.ticketId).not.toBeNull();
    expect(item.handledAt).not.toBeNull();
    const own = await sender.client.get(`/api/v1/support/tickets/${item.ticketId}`);
    await expectStatus(own, 200);
    expect(await own.json()).toMatchObject({
      subject: 'Filters reset on back',
      pagePath: '/tenant/x/assessments',
    });

    const again = await admin.client.post(path, ticket);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('feedback.already_linked');
    expect((await admin.client.post(`${LIST}/nope/ticket`, ticket)).status).toBe(404);
    expect((await admin.client.post(path, { ...ticket, category: 'other' })).status).toBe(400);
  });

  it('refuses feedback whose sender has no account to open it in', async () => {
    // Sent by a member who has left the account since.
    const leaver = await addMember(t, owner, 'member');
    const sent = await leaver.client.post(SEND, body());
    await expectStatus(sent, 201);
    const { id } = (await sent.json()) as { id: string };
    const removed = await owner.client.request(`/api/v1/members/${leaver.uid}`, {
      method: 'DELETE',
    });
    await expectStatus(removed, 204);
    const res = await admin.client.post(`${LIST}/${id}/ticket`, ticket);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('feedback.no_sender');
  });
});
