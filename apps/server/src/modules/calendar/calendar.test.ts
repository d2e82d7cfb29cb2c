import { randomUUID } from 'node:crypto';
import {
  CalendarFeedSchema,
  CreatedCalendarFeedSchema,
  type TenantAccessMode,
} from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../db/schema/index.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { addTenant, auditActions } from '../../test/data.ts';
import { publishPrivateFramework } from '../../test/frameworks.ts';
import { expectStatus, ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { feedIcs } from './ics.ts';

let t: TestApp;
let owner: Person;
let member: Person;
let frameworkId: string;
let acme: string;
let blue: string;

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  frameworkId = await publishPrivateFramework(owner.client);
  acme = await addTenant(t, owner.tid, 'Acme, Inc; the "first"', ['east']);
  blue = await addTenant(t, owner.tid, 'Blue Ltd', ['west']);
  member = await addMember(t, owner, 'member');
});
afterAll(async () => {
  await t?.close();
});

/** An open assessment of `tenantId` due on `dueDate`: its id. */
async function dueAssessment(tenantId: string, name: string, dueDate: string): Promise<string> {
  const a = await ok<{ id: string }>(
    owner.client.post(`/api/v1/tenants/${tenantId}/assessments`, {
      frameworkId,
      version: 1,
      name,
      dueDate,
      ownerId: owner.uid,
    }),
    201,
  );
  return a.id;
}

/** `who` makes their feed: its URL's path (the app is called in-process). */
async function makeFeed(who: Person): Promise<string> {
  const created = CreatedCalendarFeedSchema.parse(
    await ok(who.client.post('/api/v1/calendar-feed', {}), 201),
  );
  expect(created.url.startsWith(`${TEST_PUBLIC_URL}/api/v1/calendar/`)).toBe(true);
  expect(created.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return created.url.slice(TEST_PUBLIC_URL.length);
}

/** Fetches a feed without a session. */
function fetchFeed(path: string): Promise<Response> {
  return t.client().get(path);
}

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  url: string;
  description: string;
}

/** The feed's events, read by ical.js (an independent RFC 5545 parser). */
async function events(path: string): Promise<ParsedEvent[]> {
  const res = await fetchFeed(path);
  await expectStatus(res, 200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('cache-control')).toContain('no-store');
  const text = await res.text();
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    summary: String(v.getFirstPropertyValue('summary')),
    start: String(v.getFirstPropertyValue('dtstart')),
    end: String(v.getFirstPropertyValue('dtend')),
    url: String(v.getFirstPropertyValue('url')),
    description: String(v.getFirstPropertyValue('description')),
  }));
}

async function setAccess(userId: string, mode: TenantAccessMode, tenantIds: string[] = []) {
  const { members } = await ok<{
    members: { userId: string; tenantAccess: { version: number } }[];
  }>(owner.client.get('/api/v1/members'));
  const version = members.find((m) => m.userId === userId)!.tenantAccess.version;
  await ok(
    owner.client.request(`/api/v1/members/${userId}/tenant-access`, {
      method: 'PUT',
      json: { mode, tenantIds, tags: [], version },
    }),
  );
}

describe('the calendar feed', () => {
  it('is made once, listed without its address, and serves the due dates as iCalendar', async () => {
    expect(CalendarFeedSchema.parse(await ok(owner.client.get('/api/v1/calendar-feed')))).toEqual({
      feed: null,
    });
    const due = day(10);
    const id = await dueAssessment(acme, 'Quarterly review', due);
    const path = await makeFeed(owner);
    const mine = CalendarFeedSchema.parse(await ok(owner.client.get('/api/v1/calendar-feed')));
    expect(mine.feed?.createdAt).toBeTruthy();
    expect(JSON.stringify(mine)).not.toContain(path.slice(-20));
    expect(await auditActions(t, owner.tid, { prefix: 'calendar_feeds.' })).toEqual([
      'calendar_feeds.created',
    ]);

    const list = await events(path);
    const event = list.find((e) => e.uid === `assessment-${id}@localhost:3000`);
    expect(event).toMatchObject({
      summary: 'Due: Quarterly review — Acme, Inc; the "first"',
      start: due,
      end: day(11),
      url: `${TEST_PUBLIC_URL}/tenant/${acme}/assessments/${id}`,
    });
    expect(event?.description).toContain('Owner: Olivia Owner');
    expect(event?.description).toContain('Status: Draft · 0 of');
    // The fetch is noted (at most once an hour).
    const after = CalendarFeedSchema.parse(await ok(owner.client.get('/api/v1/calendar-feed')));
    expect(after.feed?.lastFetchedAt).not.toBeNull();
  });

  it('lists neither completed assessments, nor archived tenants, nor those without a date', async () => {
    const gone = await addTenant(t, owner.tid, 'Gone');
    const archivedId = await dueAssessment(gone, 'On an archived tenant', day(3));
    await ok(owner.client.post(`/api/v1/tenants/${gone}/archive`, {}));
    const undated = await ok<{ id: string }>(
      owner.client.post(`/api/v1/tenants/${acme}/assessments`, {
        frameworkId,
        version: 1,
        name: 'No date',
      }),
      201,
    );
    const path = await makeFeed(owner);
    const uids = (await events(path)).map((e) => e.uid);
    expect(uids.some((u) => u.includes(archivedId))).toBe(false);
    expect(uids.some((u) => u.includes(undated.id))).toBe(false);
  });

  it('follows the person’s client-tenant access at every request', async () => {
    const east = await dueAssessment(acme, 'East review', day(5));
    const west = await dueAssessment(blue, 'West review', day(6));
    const path = await makeFeed(member);
    let uids = (await events(path)).map((e) => e.uid);
    expect(uids).toEqual(
      expect.arrayContaining([
        `assessment-${east}@localhost:3000`,
        `assessment-${west}@localhost:3000`,
      ]),
    );
    await setAccess(member.uid, 'only', [acme]);
    uids = (await events(path)).map((e) => e.uid);
    expect(uids).toContain(`assessment-${east}@localhost:3000`);
    expect(uids).not.toContain(`assessment-${west}@localhost:3000`);
    await setAccess(member.uid, 'all');
  });

  it('lists a person’s own tasks, never another person’s', async () => {
    const task = await ok<{ id: string }>(
      owner.client.post(`/api/v1/tenants/${blue}/tasks`, {
        title: 'Rotate the keys, then \\ audit; report',
        assigneeId: member.uid,
        dueDate: day(2),
      }),
      201,
    );
    const memberPath = await makeFeed(member);
    const ownerPath = await makeFeed(owner);
    const memberEvents = await events(memberPath);
    expect(memberEvents.find((e) => e.uid === `task-${task.id}@localhost:3000`)).toMatchObject({
      summary: 'Task due: Rotate the keys, then \\ audit; report — Blue Ltd',
      start: day(2),
      url: `${TEST_PUBLIC_URL}/tenant/${blue}/remediation?task=${task.id}`,
    });
    expect((await events(ownerPath)).some((e) => e.uid.startsWith('task-'))).toBe(false);
  });

  it('dies when revoked or replaced, at once', async () => {
    const first = await makeFeed(owner);
    await expectStatus(await fetchFeed(first), 200);
    const second = await makeFeed(owner);
    expect(second).not.toBe(first);
    const replaced = await fetchFeed(first);
    await expectStatus(replaced, 404);
    expect(await errorCode(replaced)).toBe('calendar.feed_not_found');
    await expectStatus(await fetchFeed(second), 200);

    await expectStatus(
      await owner.client.request('/api/v1/calendar-feed', { method: 'DELETE' }),
      204,
    );
    await expectStatus(await fetchFeed(second), 404);
    expect(CalendarFeedSchema.parse(await ok(owner.client.get('/api/v1/calendar-feed')))).toEqual({
      feed: null,
    });
    // Revoking again is a no-op, not an error.
    await expectStatus(
      await owner.client.request('/api/v1/calendar-feed', { method: 'DELETE' }),
      204,
    );
    const actions = await auditActions(t, owner.tid, { prefix: 'calendar_feeds.' });
    expect(actions.filter((a) => a === 'calendar_feeds.revoked')).toHaveLength(1);
  });

  it('dies with the membership, and stays dead when the person is invited back', async () => {
    const leaver = await addMember(t, owner, 'member', 'leaver');
    const path = await makeFeed(leaver);
    await expectStatus(await fetchFeed(path), 200);
    await expectStatus(
      await owner.client.request(`/api/v1/members/${leaver.uid}`, { method: 'DELETE' }),
      204,
    );
    await expectStatus(await fetchFeed(path), 404);
    // Put back directly as a new membership: the old address still answers nothing.
    const { memberships } = await import('../../db/schema/index.ts');
    await t.database.db
      .insert(memberships)
      .values({ accountId: owner.tid, userId: leaver.uid, role: 'member' });
    await expectStatus(await fetchFeed(path), 404);
  });

  it('keeps feeds per account: another account’s member sees only their own', async () => {
    const other = await signUpPerson(t, 'other', 'Otto Other');
    const otherTenant = await addTenant(t, other.tid, 'Elsewhere');
    const otherFw = await publishPrivateFramework(other.client);
    const theirs = await ok<{ id: string }>(
      other.client.post(`/api/v1/tenants/${otherTenant}/assessments`, {
        frameworkId: otherFw,
        version: 1,
        name: 'Theirs',
        dueDate: day(4),
      }),
      201,
    );
    const otherPath = await makeFeed(other);
    const ownerPath = await makeFeed(owner);
    expect((await events(otherPath)).map((e) => e.uid)).toEqual([
      `assessment-${theirs.id}@localhost:3000`,
    ]);
    expect((await events(ownerPath)).some((e) => e.uid.includes(theirs.id))).toBe(false);
  });

  it('is for members only: shared users are refused, and an unknown address is a 404', async () => {
    const shared = await sharedUser(t, owner, acme, 'viewer');
    await expectStatus(await shared.post('/api/v1/calendar-feed', {}), 403);
    for (const path of [
      `/api/v1/calendar/${'A'.repeat(43)}.ics`,
      '/api/v1/calendar/short.ics',
      `/api/v1/calendar/${'A'.repeat(43)}`,
      `/api/v1/calendar/${encodeURIComponent('é'.repeat(43))}.ics`,
      '/api/v1/calendar/%.ics',
    ]) {
      const res = await fetchFeed(path);
      await expectStatus(res, 404);
      expect(await errorCode(res)).toBe('calendar.feed_not_found');
    }
  });

  it('counts unknown addresses per client address, and each feed’s requests', async () => {
    const guesser = t.client();
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await guesser.get(`/api/v1/calendar/${randomUUID()}.ics`);
    await expectStatus(last!, 429);
    expect(last!.headers.get('retry-after')).toBeTruthy();

    const path = await makeFeed(owner);
    const calendar = t.client();
    for (let i = 0; i < 60; i++) await expectStatus(await calendar.get(path), 200);
    const over = await calendar.get(path);
    await expectStatus(over, 429);
    expect(await errorCode(over)).toBe('common.rate_limited');
    // The limit is the feed's, kept in the database: another address is held back too.
    await expectStatus(await t.client().get(path), 429);
    // A new address starts afresh.
    await expectStatus(await fetchFeed(await makeFeed(owner)), 200);
    const rows = await t.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, owner.uid));
    expect(rows).toHaveLength(1);
  });
});

describe('the iCalendar text', () => {
  const text = feedIcs({
    publicUrl: 'https://app.example.com',
    accountName: 'Northwind, MSP',
    assessments: [
      {
        id: 'a1',
        tenantId: 't 1',
        tenantName: 'Ünïcødé; client, with \\ backslash',
        name: `Line one\nline two ${'long '.repeat(30)}`,
        frameworkName: 'ISO 27001',
        status: 'in_progress',
        dueDate: '2026-02-28',
        answered: 3,
        total: 12,
        ownerName: null,
        updatedAt: new Date('2026-01-02T03:04:05Z'),
      },
    ],
    tasks: [],
  });

  it('ends every line with CRLF and folds at 75 octets without splitting a character', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\n');
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260228');
    expect(lines).toContain('DTEND;VALUE=DATE:20260301');
    expect(lines).toContain('DTSTAMP:20260102T030405Z');
    expect(lines).toContain('UID:assessment-a1@app.example.com');
  });

  it('escapes text so that a parser reads back exactly what was written', () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    const [event] = cal.getAllSubcomponents('vevent');
    expect(event?.getFirstPropertyValue('summary')).toBe(
      `Due: Line one\nline two ${'long '.repeat(30)} — Ünïcødé; client, with \\ backslash`,
    );
    expect(event?.getFirstPropertyValue('url')).toBe(
      'https://app.example.com/tenant/t%201/assessments/a1',
    );
    expect(String(event?.getFirstPropertyValue('description'))).toContain(
      'Status: In progress · 3 of 12 questions answered (25 %)',
    );
    expect(text).toContain('\\;');
    expect(text).toContain('\\,');
    expect(text).toContain('\\\\');
  });
});
