import {
  RoadmapItemDetailSchema,
  RoadmapItemSchema,
  RoadmapListSchema,
  StaffRoadmapListSchema,
  type RoadmapItem,
  type RoadmapList,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roadmapItems, roadmapVotes } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import {
  errorCode,
  makeSystemAdmin,
  type Person,
  sharedUser,
  signUpPerson,
} from '../../test/people.ts';

const ITEMS = '/api/v1/roadmap/items';
const STAFF = '/api/v1/service/roadmap/items';

let t: TestApp;
let staff: Person;
let alice: Person;
let bob: Person;
let carol: Person;

beforeAll(async () => {
  t = await setupTestApp();
  staff = await signUpPerson(t, 'roadmap-staff', 'Staff Person');
  await makeSystemAdmin(t, staff);
  alice = await signUpPerson(t, 'roadmap-alice', 'Alice');
  bob = await signUpPerson(t, 'roadmap-bob', 'Bob');
  carol = await signUpPerson(t, 'roadmap-carol', 'Carol');
});
afterAll(async () => {
  await t?.close();
});

async function staffItem(title: string, status = 'planned'): Promise<RoadmapItem> {
  const res = await staff.client.post(STAFF, { title, description: '**bold**', status });
  await expectStatus(res, 201);
  return RoadmapItemSchema.parse(await res.json());
}

async function list(client: TestClient, query = ''): Promise<RoadmapList> {
  const res = await client.get(`${ITEMS}${query}`);
  await expectStatus(res, 200);
  return RoadmapListSchema.parse(await res.json());
}

const patch = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'PATCH', json });

const vote = (client: TestClient, id: string) => client.post(`${ITEMS}/${id}/vote`, {});

async function voteCountInDb(id: string) {
  const [row] = await t.database.db
    .select({
      counter: roadmapItems.voteCount,
      rows: sql<number>`(select count(*)::int from roadmap_votes v where v.item_id = ${id})`,
    })
    .from(roadmapItems)
    .where(eq(roadmapItems.id, id));
  return { counter: row?.counter, rows: Number(row?.rows) };
}

describe('suggestions wait for approval', () => {
  it('a member suggests an idea: they see it marked pending, others do not, staff approve it', async () => {
    const res = await alice.client.post(ITEMS, {
      title: '  Dark mode  ',
      description: 'Please',
      tags: ['UI', 'ui'],
    });
    await expectStatus(res, 201);
    const idea = RoadmapItemSchema.parse(await res.json());
    expect(idea).toMatchObject({
      title: 'Dark mode',
      approved: false,
      mine: true,
      status: 'under_review',
      tags: ['ui'],
      author: null,
    });

    expect((await list(alice.client, '?view=new')).items.map((i) => i.id)).toContain(idea.id);
    expect((await list(bob.client, '?view=new')).items.map((i) => i.id)).not.toContain(idea.id);
    const hidden = await bob.client.get(`${ITEMS}/${idea.id}`);
    expect(hidden.status).toBe(404);
    expect(await errorCode(hidden)).toBe('roadmap.not_found');
    expect((await vote(bob.client, idea.id)).status).toBe(404);
    expect((await bob.client.post(`${ITEMS}/${idea.id}/comments`, { body: 'hi' })).status).toBe(
      404,
    );

    const pending = StaffRoadmapListSchema.parse(
      await (await staff.client.get(`${STAFF}?state=pending`)).json(),
    );
    const row = pending.items.find((i) => i.id === idea.id);
    expect(row?.author).toMatchObject({ id: alice.uid, email: alice.email });
    expect(pending.pendingCount).toBeGreaterThanOrEqual(1);

    const approved = await staff.client.post(`${STAFF}/${idea.id}/approve`, { status: 'planned' });
    await expectStatus(approved, 200);
    expect(RoadmapItemSchema.parse(await approved.json())).toMatchObject({
      approved: true,
      status: 'planned',
    });
    expect((await list(bob.client, '?view=new')).items.map((i) => i.id)).toContain(idea.id);
    const again = await staff.client.post(`${STAFF}/${idea.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('roadmap.already_approved');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roadmap.approved'), eq(auditLog.targetId, idea.id)));
    expect(entry?.accountId).toBe(staff.tid);
  });

  it('refuses bad input with a 400 naming the field, and nothing is written', async () => {
    const [before] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(roadmapItems);
    for (const body of [
      { title: 'x' },
      { title: 'Nul \u0000 here' },
      { title: 'Fine title', description: 'a'.repeat(20_001) },
      { title: 'Fine title', tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { title: 'Fine title', tags: [''] },
    ]) {
      const res = await carol.client.post(ITEMS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorCode(res)).toBe('common.validation');
    }
    expect((await carol.client.get(`${ITEMS}?view=sideways`)).status).toBe(400);
    expect((await carol.client.get(`${ITEMS}?limit=0`)).status).toBe(400);
    expect((await carol.client.get(`${ITEMS}/a%00b`)).status).toBe(400);
    const [after] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(roadmapItems);
    expect(after?.n).toBe(before?.n);
  });

  it('only staff reach the service routes; signed-out people reach nothing', async () => {
    const item = await staffItem('Guarded');
    for (const [method, path] of [
      ['get', STAFF],
      ['post', STAFF],
      ['patch', `${STAFF}/${item.id}`],
      ['post', `${STAFF}/${item.id}/approve`],
      ['post', `${STAFF}/${item.id}/status`],
      ['post', `${STAFF}/${item.id}/merge`],
    ] as const) {
      const res =
        method === 'get'
          ? await alice.client.get(path)
          : await alice.client.request(path, {
              method: method.toUpperCase(),
              json: { status: 'done', targetId: item.id, title: 'Nope' },
            });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await t.client().get(ITEMS)).status).toBe(401);
    expect((await t.client().post(`${ITEMS}/${item.id}/vote`, {})).status).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(roadmapItems)
      .where(eq(roadmapItems.id, item.id));
    expect(row?.status).toBe('planned');
  });

  it('a shared user reaches none of it (403 common.shared_access); nothing is written', async () => {
    const item = await staffItem('Not for shared users');
    const tenant = await alice.client.post('/api/v1/tenants', { name: 'Roadmap client' });
    await expectStatus(tenant, 201);
    const { id: tid } = (await tenant.json()) as { id: string };
    for (const role of ['viewer', 'contributor'] as const) {
      const shared = await sharedUser(t, alice, tid, role);
      const itemsBefore = await t.database.db.select().from(roadmapItems);
      const votesBefore = await t.database.db.select().from(roadmapVotes);
      for (const res of [
        await shared.get(ITEMS),
        await shared.get(`${ITEMS}/${item.id}`),
        await shared.post(ITEMS, { title: 'A shared idea', description: 'x' }),
        await shared.post(`${ITEMS}/${item.id}/vote`, {}),
        await shared.post(`${ITEMS}/${item.id}/comments`, { body: 'From a shared user' }),
      ]) {
        await expectStatus(res, 403);
        expect(await errorCode(res)).toBe('common.shared_access');
      }
      expect(await t.database.db.select().from(roadmapItems)).toEqual(itemsBefore);
      expect(await t.database.db.select().from(roadmapVotes)).toEqual(votesBefore);
    }
    // The account's own people still reach it.
    expect((await alice.client.get(`${ITEMS}/${item.id}`)).status).toBe(200);
  });

  it('limits suggestions per person (429 with Retry-After)', async () => {
    const dave = await signUpPerson(t, 'roadmap-dave');
    for (let i = 0; i < 5; i += 1) {
      expect((await dave.client.post(ITEMS, { title: `Idea number ${i}` })).status).toBe(201);
    }
    const res = await dave.client.post(ITEMS, { title: 'One too many' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await errorCode(res)).toBe('common.rate_limited');
  });
});

describe('votes', () => {
  it('one vote per person, a toggle, counted on the item', async () => {
    const item = await staffItem('Export to CSV');
    const first = await vote(alice.client, item.id);
    expect(await first.json()).toEqual({ voted: true, voteCount: 1 });
    expect(await (await vote(bob.client, item.id)).json()).toEqual({ voted: true, voteCount: 2 });
    expect(await (await vote(alice.client, item.id)).json()).toEqual({
      voted: false,
      voteCount: 1,
    });
    const read = RoadmapItemDetailSchema.parse(
      await (await bob.client.get(`${ITEMS}/${item.id}`)).json(),
    );
    expect(read).toMatchObject({ voted: true, voteCount: 1, mine: false });
    expect(await voteCountInDb(item.id)).toEqual({ counter: 1, rows: 1 });
  });

  it('toggles at once stay consistent: the counter always equals the vote rows', async () => {
    const item = await staffItem('Concurrent votes');
    // The same person twice at once: back where they started.
    await Promise.all([vote(carol.client, item.id), vote(carol.client, item.id)]);
    expect(await voteCountInDb(item.id)).toEqual({ counter: 0, rows: 0 });
    // Three people at once, one of them three times.
    const answers = await Promise.all([
      vote(alice.client, item.id),
      vote(bob.client, item.id),
      vote(carol.client, item.id),
      vote(carol.client, item.id),
      vote(carol.client, item.id),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await voteCountInDb(item.id)).toEqual({ counter: 3, rows: 3 });
  });

  it('the views order by votes, recency and status', async () => {
    const old = await staffItem('Older but popular', 'in_progress');
    const fresh = await staffItem('Fresh', 'under_review');
    await vote(alice.client, old.id);
    await vote(bob.client, old.id);
    await vote(carol.client, fresh.id);
    // Alice's and Bob's votes were cast 60 days ago: trending weighs them far below Carol's.
    await t.database.db
      .update(roadmapVotes)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(roadmapVotes.itemId, old.id));
    const ids = (l: RoadmapList) =>
      l.items.map((i) => i.id).filter((id) => [old.id, fresh.id].includes(id));
    expect(ids(await list(alice.client, '?view=top&limit=100'))).toEqual([old.id, fresh.id]);
    expect(ids(await list(alice.client, '?view=trending&limit=100'))).toEqual([fresh.id, old.id]);
    expect(ids(await list(alice.client, '?view=new&limit=100'))).toEqual([fresh.id, old.id]);
    expect(ids(await list(alice.client, '?view=board&limit=100'))).toEqual([fresh.id, old.id]);
    const board = await list(alice.client, '?view=board&status=in_progress&limit=100');
    expect(board.items.every((i) => i.status === 'in_progress')).toBe(true);
    const page = await list(alice.client, '?view=new&limit=1');
    expect(page.items).toHaveLength(1);
    expect(page.nextOffset).toBe(1);
  });

  it('filters by tag', async () => {
    const res = await staff.client.post(STAFF, { title: 'Tagged item', tags: ['Reports'] });
    const tagged = RoadmapItemSchema.parse(await res.json());
    const l = await list(bob.client, '?tag=reports&limit=100');
    expect(l.items.map((i) => i.id)).toEqual([tagged.id]);
    expect(l.tags).toContain('reports');
  });
});

describe('comments', () => {
  it('a comment shows on the item with its author name, never an e-mail address', async () => {
    const item = await staffItem('Comment on me');
    const res = await bob.client.post(`${ITEMS}/${item.id}/comments`, { body: '  +1, *please*  ' });
    await expectStatus(res, 201);
    const detail = RoadmapItemDetailSchema.parse(await res.json());
    expect(detail.commentCount).toBe(1);
    expect(detail.comments).toEqual([
      expect.objectContaining({
        authorName: 'Bob',
        body: '+1, *please*',
        mine: true,
        fromItem: null,
      }),
    ]);
    expect(JSON.stringify(detail)).not.toContain(bob.email);
    const blank = await bob.client.post(`${ITEMS}/${item.id}/comments`, { body: '   ' });
    expect(blank.status).toBe(400);
  });
});

describe('staff', () => {
  it('moving an item to done e-mails its voters once', async () => {
    const item = await staffItem('Ship me');
    await vote(alice.client, item.id);
    await vote(bob.client, item.id);
    const done = await staff.client.post(`${STAFF}/${item.id}/status`, { status: 'done' });
    await expectStatus(done, 200);
    const subjects = async (email: string) =>
      (await t.mailTo(email)).filter((m) => m.subject === 'Shipped: Ship me');
    expect(await subjects(alice.email)).toHaveLength(1);
    expect(await subjects(bob.email)).toHaveLength(1);
    expect(await subjects(carol.email)).toHaveLength(0);
    const [mail] = await subjects(alice.email);
    expect(mail?.text).toContain(`/roadmap?item=${item.id}`);
    await staff.client.post(`${STAFF}/${item.id}/status`, { status: 'in_progress' });
    await staff.client.post(`${STAFF}/${item.id}/status`, { status: 'done' });
    expect(await subjects(alice.email)).toHaveLength(1);
  });

  it('edits an item', async () => {
    const item = await staffItem('Typo in titel');
    const res = await patch(staff.client, `${STAFF}/${item.id}`, { title: 'Typo in title' });
    await expectStatus(res, 200);
    expect((await res.json()).title).toBe('Typo in title');
    expect((await patch(staff.client, `${STAFF}/${item.id}`, {})).status).toBe(400);
    expect((await patch(staff.client, `${STAFF}/nope`, { title: 'Whatever' })).status).toBe(404);
  });

  it('merges a duplicate: votes move without counting anyone twice, comments stay readable', async () => {
    const dup = await staffItem('Dark theme');
    const into = await staffItem('Dark mode everywhere');
    await vote(alice.client, dup.id);
    await vote(bob.client, dup.id);
    await vote(bob.client, into.id); // Bob voted for both: counts once
    await carol.client.post(`${ITEMS}/${dup.id}/comments`, { body: 'Also on mobile' });

    const res = await staff.client.post(`${STAFF}/${dup.id}/merge`, { targetId: into.id });
    await expectStatus(res, 200);
    const body = (await res.json()) as { target: RoadmapItem; movedVotes: number };
    expect(body.movedVotes).toBe(1);
    expect(body.target.voteCount).toBe(2);
    expect(await voteCountInDb(into.id)).toEqual({ counter: 2, rows: 2 });
    expect(await voteCountInDb(dup.id)).toEqual({ counter: 0, rows: 0 });

    const dupRead = RoadmapItemDetailSchema.parse(
      await (await carol.client.get(`${ITEMS}/${dup.id}`)).json(),
    );
    expect(dupRead.mergedInto).toEqual({ id: into.id, title: 'Dark mode everywhere' });
    expect(dupRead.comments.map((c) => c.body)).toEqual(['Also on mobile']);
    const intoRead = RoadmapItemDetailSchema.parse(
      await (await alice.client.get(`${ITEMS}/${into.id}`)).json(),
    );
    expect(intoRead.voted).toBe(true);
    expect(intoRead.comments).toEqual([
      expect.objectContaining({
        body: 'Also on mobile',
        fromItem: { id: dup.id, title: 'Dark theme' },
      }),
    ]);
    expect((await list(alice.client, '?limit=100')).items.map((i) => i.id)).not.toContain(dup.id);

    const late = await vote(carol.client, dup.id);
    expect(late.status).toBe(409);
    expect(await errorCode(late)).toBe('roadmap.merged');
    const again = await staff.client.post(`${STAFF}/${dup.id}/merge`, { targetId: into.id });
    expect(again.status).toBe(409);
    const self = await staff.client.post(`${STAFF}/${into.id}/merge`, { targetId: into.id });
    expect(self.status).toBe(400);
    expect(await errorCode(self)).toBe('roadmap.invalid_merge_target');
    const intoMerged = await staff.client.post(`${STAFF}/${into.id}/merge`, { targetId: dup.id });
    expect(intoMerged.status).toBe(400);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roadmap.merged'), eq(auditLog.targetId, dup.id)));
    expect(entry?.data).toMatchObject({ targetId: into.id, movedVotes: 1 });
  });

  it('searches titles for the merge dialog', async () => {
    await staffItem('Searchable 100% unique');
    const res = await staff.client.get(`${STAFF}?q=${encodeURIComponent('100% uni')}`);
    const l = StaffRoadmapListSchema.parse(await res.json());
    expect(l.items.map((i) => i.title)).toEqual(['Searchable 100% unique']);
  });
});
