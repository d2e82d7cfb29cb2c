import { PortfolioPageSchema, type PortfolioPage, type PortfolioRow } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { addTenant, assessed, ownerWithFramework, type AnswerBodies } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../test/people.ts';

let t: TestApp;
let owner: Person;
let acme: string;
let beta: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId: acme, frameworkId } = await ownerWithFramework(t));
  beta = await addTenant(t, owner.tid, 'Beta', ['finance']);
});
afterAll(async () => {
  await t?.close();
});

const portfolio = async (query = '', client: TestClient = owner.client): Promise<PortfolioPage> =>
  PortfolioPageSchema.parse(await ok(client.get(`/api/v1/tenants/portfolio${query}`)));
const rowOf = async (tenantId: string, query = '') =>
  (await portfolio(query)).tenants.find((r) => r.id === tenantId)!;
const assess = (tenantId: string, answers: AnswerBodies) =>
  assessed(answers, { client: owner.client, tenantId, frameworkId });
const sectionsOf = (row: PortfolioRow) =>
  row.sections.map((s) => [s.key, s.title, s.score, s.target]);

/** Section A all strong but Q1: A = (0 + 3 × 1) / 4 = 0.75, B = (1 + 1) / 2 = 1, overall 2.5 / 3. */
const STRONG: AnswerBodies = {
  Q1: { value: 'no' },
  Q2: { value: 5 },
  Q3: { value: 'Yes' },
  Q4: { value: 'high' },
  Q5: { na: true },
  Q6: { value: 25 },
};
const WORKED_OVERALL = 1.475 / 3;

describe('the portfolio', () => {
  let first: string;

  it('lists a tenant without assessments with nothing to show yet', async () => {
    const row = await rowOf(acme);
    expect(row).toMatchObject({ latest: null, trend: null, sections: [], sectionsBelow: 0 });
    expect(row.openTasks).toBe(0);
  });

  it('keeps the latest completed assessment’s scores per section (SCORING.md worked example)', async () => {
    first = (await assess(acme, WORKED_EXAMPLE_ANSWERS)).id;
    const row = await rowOf(acme);
    expect(row.latest?.assessmentId).toBe(first);
    expect(row.latest?.score).toBeCloseTo(WORKED_OVERALL, 9);
    expect(row.latest?.completion).toBe(1);
    expect(row.latest?.frameworkId).toBe(frameworkId);
    expect(sectionsOf(row)).toEqual([
      ['A', 'Section A', 0.55, 0.8],
      ['B', 'Section B', 0.375, null],
    ]);
    // A is below its 80 % target; B has none, so it is never below.
    expect(row.sectionsBelow).toBe(1);
    expect(row.trend).toBeNull();
    expect(row.lastActivityAt).not.toBeNull();
  });

  it('follows the baseline: like with like, and cleared with it', async () => {
    const baseline = `/api/v1/tenants/${acme}/baseline`;
    await ok(owner.client.request(baseline, { method: 'PUT', json: { assessmentId: first } }));
    // The latest is the baseline itself: no change to show.
    expect((await rowOf(acme)).trend).toBeNull();

    // Only Q1 answered: A = 1, B has no score, so the change is made over A alone.
    await assess(acme, { Q1: { value: 'yes' } });
    let row = await rowOf(acme);
    expect(row.latest?.score).toBe(1);
    expect(row.trend).toBeCloseTo(1 - 0.55, 9);
    expect(row.latest?.completion).toBeCloseTo(1 / 6, 9);

    await assess(acme, STRONG);
    row = await rowOf(acme);
    expect(row.latest?.score).toBeCloseTo(2.5 / 3, 9);
    expect(row.trend).toBeCloseTo(2.5 / 3 - WORKED_OVERALL, 9);
    expect(sectionsOf(row)).toEqual([
      ['A', 'Section A', 0.75, 0.8],
      ['B', 'Section B', 1, null],
    ]);

    expect((await owner.client.request(baseline, { method: 'DELETE' })).status).toBe(204);
    expect((await rowOf(acme)).trend).toBeNull();
  });

  it('counts open and overdue tasks, following every task change', async () => {
    const tasks = `/api/v1/tenants/${beta}/tasks`;
    const late = await ok<{ id: string }>(
      owner.client.post(tasks, { title: 'Late', dueDate: '2020-01-01' }),
      201,
    );
    await ok(owner.client.post(tasks, { title: 'Later', dueDate: '2999-01-01' }), 201);
    await ok(owner.client.post(tasks, { title: 'Whenever' }), 201);
    let row = await rowOf(beta);
    expect(row).toMatchObject({ openTasks: 3, overdueTasks: 1, overdue: true });
    expect((await portfolio('?overdue=true')).tenants.map((r) => r.id)).toEqual([beta]);

    await ok(
      owner.client.request(`${tasks}/${late.id}`, { method: 'PATCH', json: { status: 'done' } }),
    );
    row = await rowOf(beta);
    expect(row).toMatchObject({ openTasks: 2, overdueTasks: 0, overdue: false });
    expect((await portfolio('?overdue=true')).tenants).toEqual([]);
  });

  it('sorts by a section and filters below target, by tag and by framework', async () => {
    await assess(beta, WORKED_EXAMPLE_ANSWERS);
    const byA = await portfolio('?sort=section&section=A');
    // Beta's A is 55 %, Acme's 75 %: the weakest first.
    expect(byA.tenants.map((r) => r.name)).toEqual(['Beta', 'Acme']);
    expect(byA.columns).toEqual([
      { key: 'A', title: 'Section A' },
      { key: 'B', title: 'Section B' },
    ]);
    expect(byA.total).toBe(2);
    const desc = await portfolio('?sort=section&section=A&order=desc');
    expect(desc.tenants.map((r) => r.name)).toEqual(['Acme', 'Beta']);
    const byB = await portfolio('?sort=section&section=B');
    expect(byB.tenants.map((r) => r.name)).toEqual(['Beta', 'Acme']);

    const below = await portfolio('?belowTarget=true&section=A');
    expect(below.tenants.map((r) => r.name)).toEqual(['Acme', 'Beta']);
    expect((await portfolio('?belowTarget=true&section=B')).tenants).toEqual([]);
    expect((await portfolio('?belowTarget=false')).tenants).toEqual([]);
    expect((await portfolio('?tag=finance')).tenants.map((r) => r.name)).toEqual(['Beta']);
    expect((await portfolio(`?framework=${frameworkId}`)).total).toBe(2);
    expect((await portfolio('?framework=nope')).total).toBe(0);
    expect((await portfolio()).frameworks).toEqual([{ id: frameworkId, name: 'Worked example' }]);

    const page = await portfolio('?sort=score&limit=1&offset=1');
    expect(page.total).toBe(2);
    expect(page.tenants.map((r) => r.name)).toEqual(['Acme']);
    // The section columns are the whole result's, not the page's: past the last row too.
    const past = await portfolio('?sort=score&limit=1&offset=5');
    expect(past).toMatchObject({ tenants: [], total: 2, more: false, columns: byA.columns });
  });

  it('refuses a broken view with 400', async () => {
    for (const q of ['?sort=section', '?sort=nope', '?limit=0', '?offset=-1', '?overdue=yes']) {
      const res = await owner.client.get(`/api/v1/tenants/portfolio${q}`);
      expect(res.status, q).toBe(400);
      expect(await errorCode(res)).toBe('common.validation');
    }
  });

  it('exports the same view as CSV', async () => {
    const res = await owner.client.get('/api/v1/tenants/portfolio.csv?sort=section&section=A');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Section A (%),Section A target (%),Section B (%)');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Beta', 'Acme']);
    expect(lines[1]).toContain(',49,100,,55,80,38,,1,2,0,0,');
  });

  it('shows a member limited to some tenants only theirs, and another account nothing', async () => {
    const limited = await addMember(t, owner, 'member', 'limited');
    await t.database.db
      .update(memberships)
      .set({ tenantAccess: 'only', tenantAccessIds: [beta] })
      .where(and(eq(memberships.userId, limited.uid), eq(memberships.accountId, owner.tid)));
    const theirs = await portfolio('', limited.client);
    expect(theirs.tenants.map((r) => r.id)).toEqual([beta]);
    expect(theirs.total).toBe(1);
    const csv = await (await limited.client.get('/api/v1/tenants/portfolio.csv')).text();
    expect(csv).toContain('Beta');
    expect(csv).not.toContain('Acme');

    const outsider = await signUpPerson(t, 'outsider', 'Oscar Outsider');
    const none = await portfolio('?sort=section&section=A', outsider.client);
    expect(none).toEqual({ tenants: [], total: 0, more: false, columns: [], frameworks: [] });
  });

  it('sorts tenants without a score in the section last, in either order, across pages', async () => {
    await addTenant(t, owner.tid, 'Gamma');
    const names = async (q: string) => (await portfolio(q)).tenants.map((r) => r.name);
    expect(await names('?sort=section&section=A')).toEqual(['Beta', 'Acme', 'Gamma']);
    expect(await names('?sort=section&section=A&order=desc')).toEqual(['Acme', 'Beta', 'Gamma']);
    expect(await names('?sort=section&section=A&limit=1&offset=1')).toEqual(['Acme']);
    expect(await names('?sort=section&section=A&limit=2&offset=1')).toEqual(['Acme', 'Gamma']);
    expect(await names('?sort=section&section=nope')).toEqual(['Acme', 'Beta', 'Gamma']);
    expect(await names('?belowTarget=false&section=A')).toEqual(['Gamma']);
    expect((await portfolio('?sort=section&section=A&limit=1')).total).toBe(3);
    // Every sort keeps missing values last in both orders, across pages.
    const byScore = await names('?sort=score');
    expect(byScore[2]).toBe('Gamma');
    expect(await names('?sort=score&order=desc')).toEqual([byScore[1], byScore[0], 'Gamma']);
    expect(await names('?sort=score&order=desc&limit=1&offset=2')).toEqual(['Gamma']);
    expect(await names('?sort=name&order=desc')).toEqual(['Gamma', 'Beta', 'Acme']);
    expect(await names('?sort=tasks&order=asc')).toEqual(['Acme', 'Gamma', 'Beta']);
  });

  it('counts matches up to 1,000 past the page, and further on a later page', async () => {
    // Another account with 1,102 tenants, written in one statement (the count's bound is
    // offset + limit + PORTFOLIO_LIMITS.countAhead).
    const big = await signUpPerson(t, 'many', 'Mia Many');
    await t.database.db.execute(sql`insert into tenants (id, account_id, name)
      select gen_random_uuid()::text, ${big.tid}, 'Client ' || lpad(n::text, 4, '0') from generate_series(1, 1102) n`);
    const page = async (q: string) =>
      PortfolioPageSchema.parse(await ok(big.client.get(`/api/v1/tenants/portfolio${q}`)));
    const first = await page('?limit=50');
    expect(first).toMatchObject({ total: 1050, more: true });
    expect(first.tenants[0]?.name).toBe('Client 0001');
    expect(await page('?limit=50&offset=50')).toMatchObject({ total: 1100, more: true });
    const last = await page('?limit=50&offset=1100');
    expect(last).toMatchObject({ total: 1102, more: false });
    expect(last.tenants.map((r) => r.name)).toEqual(['Client 1101', 'Client 1102']);
    expect(await page('?tag=none&limit=50')).toMatchObject({ total: 0, more: false });
  });
});
