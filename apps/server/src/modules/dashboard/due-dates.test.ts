import { DashboardSchema, TenantPageSchema, type Dashboard } from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { addTenant } from '../../test/data.ts';
import { publishPrivateFramework } from '../../test/frameworks.ts';
import { ok } from '../../test/http.ts';
import { addMember, signUpPerson, type Person } from '../../test/people.ts';
import { addDays, dueRanges } from './due-dates.ts';

let t: TestApp;
let owner: Person;
let frameworkId: string;

const today = new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  frameworkId = await publishPrivateFramework(owner.client);
});
afterAll(async () => {
  await t?.close();
});

async function due(tenantId: string, name: string, dueDate: string | null): Promise<string> {
  const a = await ok<{ id: string }>(
    owner.client.post(`/api/v1/tenants/${tenantId}/assessments`, {
      frameworkId,
      version: 1,
      name,
      dueDate,
    }),
    201,
  );
  return a.id;
}

const dashboard = async (who: Person): Promise<Dashboard> =>
  DashboardSchema.parse(await ok(who.client.get('/api/v1/dashboard')));

describe('due-date groups', () => {
  it('splits the days from today: overdue, today, the next 6 days, up to 30 days out', () => {
    expect(dueRanges('2026-03-10')).toEqual({
      overdue: ['0001-01-01', '2026-03-09'],
      today: ['2026-03-10', '2026-03-10'],
      week: ['2026-03-11', '2026-03-16'],
      upcoming: ['2026-03-17', '2026-04-09'],
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('the dashboard’s due dates and the tenant list’s nearest due date', () => {
  let acme: string;
  let blue: string;
  let gone: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    acme = await addTenant(t, owner.tid, 'Acme');
    blue = await addTenant(t, owner.tid, 'Blue');
    gone = await addTenant(t, owner.tid, 'Gone');
    ids.late = await due(acme, 'Late', day(-3));
    ids.later = await due(blue, 'Very late', day(-40));
    ids.today = await due(acme, 'Today', day(0));
    ids.week = await due(blue, 'This week', day(6));
    ids.soon = await due(acme, 'Soon', day(7));
    ids.far = await due(blue, 'Far', day(31));
    ids.none = await due(acme, 'Undated', null);
    ids.done = await due(acme, 'Done', day(-1));
    await ok(owner.client.post(`/api/v1/tenants/${acme}/assessments/${ids.done}/start`, {}));
    await ok(owner.client.post(`/api/v1/tenants/${acme}/assessments/${ids.done}/complete`, {}));
    await due(gone, 'Archived', day(-2));
    await ok(owner.client.post(`/api/v1/tenants/${gone}/archive`, {}));
  });

  it('counts and lists open assessments by group, the longest overdue first', async () => {
    const d = (await dashboard(owner)).dueDates;
    expect(d.today).toBe(today);
    expect(d.counts).toEqual({ overdue: 2, today: 1, week: 1, upcoming: 1 });
    expect(d.items.map((i) => [i.name, i.group])).toEqual([
      ['Very late', 'overdue'],
      ['Late', 'overdue'],
      ['Today', 'today'],
      ['This week', 'week'],
      ['Soon', 'upcoming'],
    ]);
    expect(d.items[1]).toMatchObject({
      id: ids.late,
      tenantId: acme,
      tenantName: 'Acme',
      status: 'draft',
      dueDate: day(-3),
      answered: 0,
      owner: { id: owner.uid },
    });
  });

  it('keeps each tenant’s nearest open due date, moved by a due date change and completion', async () => {
    const list = async (query = '') =>
      TenantPageSchema.parse(await ok(owner.client.get(`/api/v1/tenants?status=all${query}`)));
    const byId = (page: Awaited<ReturnType<typeof list>>) =>
      Object.fromEntries(page.tenants.map((x) => [x.id, x.nextAssessmentDue]));
    expect(byId(await list())).toMatchObject({ [acme]: day(-3), [blue]: day(-40) });

    // Blue's very late one is moved out: its nearest is now this week's.
    await ok(
      owner.client.request(`/api/v1/tenants/${blue}/assessments/${ids.later}`, {
        method: 'PATCH',
        json: { dueDate: day(60) },
      }),
    );
    expect(byId(await list())[blue]).toBe(day(6));

    // Sorted by it, soonest first, tenants without one last; paged by cursor.
    const extra = await addTenant(t, owner.tid, 'No dates');
    const first = await list('&sort=due&limit=2');
    expect(first.tenants.map((x) => x.id)).toEqual([acme, gone]);
    const second = await list(`&sort=due&limit=2&cursor=${first.nextCursor}`);
    expect(second.tenants.map((x) => x.id)).toEqual([blue, extra]);
    expect(second.nextCursor).toBeNull();
    const desc = await list('&sort=due&order=desc&limit=10');
    expect(desc.tenants.map((x) => x.id)).toEqual([extra, blue, gone, acme]);
  });

  it('shows a limited member only the tenants they reach', async () => {
    const m = await addMember(t, owner, 'member');
    const { members } = await ok<{
      members: { userId: string; tenantAccess: { version: number } }[];
    }>(owner.client.get('/api/v1/members'));
    const version = members.find((x) => x.userId === m.uid)!.tenantAccess.version;
    await ok(
      owner.client.request(`/api/v1/members/${m.uid}/tenant-access`, {
        method: 'PUT',
        json: { mode: 'only', tenantIds: [blue], tags: [], version },
      }),
    );
    const d = (await dashboard(m)).dueDates;
    expect(d.items.every((i) => i.tenantId === blue)).toBe(true);
    expect(d.counts).toEqual({ overdue: 0, today: 0, week: 1, upcoming: 0 });
  });
});
