/**
 * The outsider suite (docs/architecture.md, "Tests"): every operation of the
 * OpenAPI document, called by every persona that must not reach the victim's data, answers
 * 401/403/404 in the one error shape, and the tenant-owned tables are unchanged after all of a
 * route's refused calls (one read of the change log per route; on a change the personas are
 * tried again one at a time to name the one that changed them).
 * How to add a case: README.md in this folder.
 *
 * Split by case file into two test files that Vitest runs side by side, each with its own app
 * and world (`outsider.test.ts`: shard 0 and the coverage check; `outsider.b.test.ts`: shard 1),
 * as the fuzz suite is: the suite's time is its requests, one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp, type TestClient } from '../app.ts';
import { buildWorld, type World } from './personas.ts';
import { installChangeLog, takeChanges } from './snapshot.ts';
import {
  isLimited,
  LIMITED_PERSONAS,
  PERSONAS,
  RESPONDENT_PERSONAS,
  type LimitedPersona,
  type OutsiderCase,
  type Persona,
  type WorldIds,
} from './types.ts';

const README = 'apps/server/src/test/outsider/README.md';

// One file per domain in cases/; each exports `cases`.
const modules = (
  import.meta as unknown as {
    glob(pattern: string, opts: { eager: true }): Record<string, { cases?: OutsiderCase[] }>;
  }
).glob('./cases/*.ts', { eager: true });
const ALL_CASES: Array<OutsiderCase & { file: string }> = Object.entries(modules).flatMap(
  ([file, mod]) => (mod.cases ?? []).map((c) => ({ ...c, file: file.replace('./cases/', '') })),
);

const routeKey = (c: OutsiderCase) => {
  const [method = '', path = ''] = c.route.trim().split(/\s+/);
  return `${method.toUpperCase()} ${path}`;
};
const methodOf = (c: OutsiderCase) => routeKey(c).split(' ')[0] ?? 'GET';
const mutates = (c: OutsiderCase) => c.mutates ?? !['GET', 'HEAD'].includes(methodOf(c));

/** Personas that must be refused, and those allowed to succeed (checked for leaks only). */
function plan(c: OutsiderCase): { refused: Persona[]; allowed: Persona[] } {
  const refused: Persona[] = [];
  const allowed: Persona[] = [];
  for (const p of PERSONAS) {
    if (isLimited(p)) continue; // decided per request: limitedPlan
    if (p === 'viewer' && !mutates(c)) continue;
    if (c.notCalledAs?.includes(p)) continue;
    const ok = RESPONDENT_PERSONAS.includes(p)
      ? c.allow.includes('public') ||
        (c.allow.includes('respondent') &&
          (p === 'respondentOfOtherAssessment' || p === 'respondentOutsideSection'))
      : c.allow.includes('public') ||
        (c.allow.includes('self') && p !== 'anonymous') ||
        (c.allow.includes('accountMember') && (p === 'otherAccountMember' || p === 'member')) ||
        (p === 'member' && c.allow.includes('member')) ||
        (p === 'viewer' && (c.allow.includes('viewer') || c.allow.includes('contributor')));
    (ok ? allowed : refused).push(p);
  }
  return { refused, allowed };
}

/**
 * The personas limited to T1 (docs/members.md) may do what their role may (the case's `allow`;
 * an admin may do what a member may), but never on a client tenant outside T1: a request that
 * names one (or an object of one: read from the database, see World.outside) answers exactly
 * 404 when the role would allow it, and always under `/api/v1/tenants/{tenantId}` (the tenant
 * is not found before the role is looked at); any other answer must show nothing of them.
 */
function roleAllows(c: OutsiderCase, p: LimitedPersona): boolean {
  const role = LIMITED_PERSONAS[p];
  return (
    c.allow.includes('self') ||
    c.allow.includes('accountMember') ||
    c.allow.includes('member') ||
    (role === 'admin' && c.allow.includes('admin'))
  );
}

const UNDER_A_TENANT = '/api/v1/tenants/{tenantId}';

function limitedPlan(
  c: OutsiderCase,
  p: LimitedPersona,
  path: string,
  outside: string[],
): 'public' | 'notFound' | 'refused' | 'allowed' {
  if (c.allow.includes('public')) return 'public';
  const namesOutside = outside.some((id) => path.includes(id));
  const allowed = roleAllows(c, p);
  if (namesOutside && (allowed || routeKey(c).split(' ')[1]?.startsWith(UNDER_A_TENANT))) {
    return 'notFound';
  }
  return allowed && !namesOutside ? 'allowed' : 'refused';
}

const controlOf = (c: OutsiderCase) =>
  c.control ??
  (c.allow.length > 0 && c.allow.every((a) => a === 'systemadmin') ? 'systemadmin' : 'owner');

/**
 * `OUTSIDER_CONTROLS=per-module` (the PGlite drift set, beside a full run on PostgreSQL): one
 * read and one write of each case file, a happy path per module, not per route.
 */
const PER_MODULE = process.env.OUTSIDER_CONTROLS === 'per-module';

function firstOfEachFile<T extends { file: string }>(cases: T[]): T[] {
  const seen = new Set<string>();
  return cases.filter((c) => !seen.has(c.file) && Boolean(seen.add(c.file)));
}

function defineControl(c: OutsiderCase & { file: string }) {
  const who = controlOf(c);
  if (who === 'none') return;
  it(`${routeKey(c)} as ${who}`, async () => {
    if (mutates(c)) await world.refreshTargets();
    const client =
      who === 'systemadmin'
        ? world.systemAdmin
        : who === 'respondent'
          ? world.respondent()
          : world.owner;
    const res = await send(client, c, world.ids);
    const text = res.text;
    expect(res.status, `control ${who} got ${res.status}: ${text}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `control ${who} got ${res.status}: ${text}`).toBeLessThan(300);
  });
}

let t: TestApp;
let world: World;
let operations: string[] = [];

/** The status and body of the call; an open event stream is cancelled and reads as ''. */
async function send(
  client: TestClient,
  c: OutsiderCase,
  ids: WorldIds,
): Promise<{ status: number; text: string }> {
  const req = c.request(ids);
  const res = await client.request(req.path, {
    method: methodOf(c),
    ...(req.json !== undefined ? { json: req.json } : {}),
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
  });
  if (c.stream && res.ok) {
    await res.body?.cancel();
    return { status: res.status, text: '' };
  }
  return { status: res.status, text: await res.text() };
}

/**
 * Strings of the victim that must never appear in an answer to an outsider. A shared user of
 * the victim's sibling tenant legitimately knows the account that shared it (`ptid`).
 */
function secrets(ids: WorldIds, persona: Persona): string[] {
  return [
    // Shared users of the victim's tenants, and a respondent of the victim's assessment, know
    // the account that invited them (`ptid`, the link's `/in-progress/{tid}/…`).
    ...(persona === 'sharedUserOfOtherTenant' ||
    persona === 'viewer' ||
    persona === 'respondentOutsideSection'
      ? []
      : [ids.victimAccountId]),
    ids.victimOwnerUserId,
    ids.victimOwnerEmail,
    ids.shareGrantId,
    ids.shareGrantEmail,
    ids.invitationId,
    ids.invitationEmail,
    ids.memberUserId,
    ids.auditEntryId,
  ];
}

/** The data is unchanged since the last check; on a change, fail naming the tables. */
async function expectUnchanged(what: string): Promise<void> {
  // Reading the log empties it: one failure does not cascade into every later test.
  const changed = await takeChanges(t.database.db);
  expect(changed, `${what} changed tenant-owned data in: ${changed.join(', ')}`).toEqual([]);
}

/**
 * The cases of one shard: whole case files (a module's happy path, OUTSIDER_CONTROLS, stays in
 * one shard), dealt largest first to the shard with the fewest cases so far.
 */
function casesOfShard(shard: number, shards: number): typeof ALL_CASES {
  const sizes = new Map<string, number>();
  for (const c of ALL_CASES) sizes.set(c.file, (sizes.get(c.file) ?? 0) + 1);
  const load = Array.from({ length: shards }, () => 0);
  const mine = new Set<string>();
  for (const [file, n] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const least = load.indexOf(Math.min(...load));
    load[least] = (load[least] ?? 0) + n;
    if (least === shard) mine.add(file);
  }
  return ALL_CASES.filter((c) => mine.has(c.file));
}

/** The suite for one shard of `shards` (see the top of this file). */
export function outsiderSuite(shard: number, shards: number): void {
  const CASES = casesOfShard(shard, shards);
  beforeAll(async () => {
    // The address limiters are off (as in the end-to-end runs): thousands of refused calls from
    // one address in a few minutes would meet the failed-attempts limiter (429) at a pace that
    // depends on the machine's speed. The limiters have their own tests (auth/guards, respond).
    t = await setupTestApp({ config: { authRateLimit: false } });
    world = await buildWorld(t);
    const res = await t.client().get('/api/v1/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    // What changed is read from a change log (row triggers, snapshot.ts), not by hashing every
    // table around every call: the check costs the same however much data the world holds.
    await installChangeLog(t.database.db);
    await takeChanges(t.database.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  if (shard === 0) {
    describe('the outsider suite covers the API', () => {
      it('every operation of the OpenAPI document has exactly one case', () => {
        expect(operations.length).toBeGreaterThan(0);
        const byKey = new Map<string, string[]>();
        for (const c of ALL_CASES)
          byKey.set(routeKey(c), [...(byKey.get(routeKey(c)) ?? []), c.file]);
        const missing = operations.filter((op) => !byKey.has(op));
        const duplicated = [...byKey]
          .filter(([, files]) => files.length > 1)
          .map(([k, f]) => `${k} (${f.join(', ')})`);
        const stale = [...byKey.keys()].filter((k) => !operations.includes(k));
        const problems = [
          ...missing.map(
            (op) => `no outsider case for ${op}: add one to cases/<domain>.ts (see ${README})`,
          ),
          ...duplicated.map((d) => `more than one case for ${d}`),
          ...stale.map(
            (k) => `a case names ${k}, which is not in the OpenAPI document (removed or renamed?)`,
          ),
        ];
        expect(problems, problems.join('\n')).toEqual([]);
      });
    });
  }

  for (const c of CASES) {
    const { refused, allowed } = plan(c);
    const limitedPersonas = (Object.keys(LIMITED_PERSONAS) as LimitedPersona[]).filter(
      (p) => !c.notCalledAs?.includes(p),
    );
    /** The limited personas whose call may not change data (the fingerprint below covers it). */
    const limitedRefused = new Set<LimitedPersona>();
    describe(`${routeKey(c)} (cases/${c.file})`, () => {
      for (const persona of refused) {
        it(`${persona} is refused`, async (ctx) => {
          const handle = world.personas[persona];
          if (handle.unavailable) ctx.skip(`${persona} unavailable: ${handle.unavailable}`);
          const res = await send(handle.client, c, world.ids);
          const text = res.text;
          expect([401, 403, 404], `${persona} got ${res.status}: ${text}`).toContain(res.status);
          const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof body.error?.code, `error shape: ${text}`).toBe('string');
          expect(typeof body.error?.message, `error shape: ${text}`).toBe('string');
          for (const s of secrets(world.ids, persona)) expect(text).not.toContain(s);
        });
      }
      for (const persona of limitedPersonas) {
        it(`${persona} (limited to T1) reaches nothing outside T1`, async (ctx) => {
          const handle = world.personas[persona];
          if (handle.unavailable) ctx.skip(`${persona} unavailable: ${handle.unavailable}`);
          const outside = await world.outside(persona);
          const outsideIds = [...outside.tenants.map((x) => x.id), ...outside.objects];
          const how = limitedPlan(c, persona, c.request(world.ids).path, outsideIds);
          // A call that may change data (their role's change, a public write) is checked on its
          // own; the others are covered by the route's one fingerprint below.
          const writes = (how === 'allowed' || how === 'public') && mutates(c);
          if (writes) await expectUnchanged(`the refused calls before ${persona}`);
          else limitedRefused.add(persona);
          const res = await send(handle.client, c, world.ids);
          const text = res.text;
          const said = `${persona} (${how}) got ${res.status}: ${text}`;
          if (how === 'notFound') expect(res.status, said).toBe(404);
          else if (how === 'refused') expect([401, 403, 404], said).toContain(res.status);
          else expect(res.status, said).toBeLessThan(500);
          if (how !== 'public') {
            for (const s of [
              ...outsideIds,
              ...outside.tenants.map((x) => x.name).filter(Boolean),
            ]) {
              expect(text, `${persona} saw ${s} (${how})`).not.toContain(s);
            }
          }
          if (writes) {
            // A change their role may make to an object of the world (the admin deletes the
            // world's playbook): fresh targets for the cases after, as a mutating control gets.
            // Making something new (no path parameter) leaves the targets as they were.
            if (how === 'allowed' && res.status < 300 && routeKey(c).includes('{')) {
              await world.refreshTargets();
            }
            await takeChanges(t.database.db);
          }
        });
      }
      if (refused.length > 0 || limitedPersonas.length > 0) {
        // One fingerprint of the data after all the refused calls of the route, not one per
        // persona; on a change, each refused persona calls again, one at a time, to name it.
        it('the refused calls changed nothing', async () => {
          const changed = await takeChanges(t.database.db);
          if (changed.length === 0) return;
          const culprits: string[] = [];
          for (const persona of [...refused, ...limitedRefused]) {
            const handle = world.personas[persona];
            if (handle.unavailable) continue;
            await send(handle.client, c, world.ids);
            const tables = await takeChanges(t.database.db);
            if (tables.length > 0) culprits.push(`${persona} (${tables.join(', ')})`);
          }
          expect.fail(
            `refused calls of ${routeKey(c)} changed tenant-owned data in ${changed.join(', ')}; ` +
              `called again one at a time: ${culprits.join('; ') || 'none changed it twice'}`,
          );
        });
      }
      for (const persona of allowed) {
        it(`${persona} may call it but sees none of the victim's data`, async (ctx) => {
          const handle = world.personas[persona];
          if (handle.unavailable) ctx.skip(`${persona} unavailable: ${handle.unavailable}`);
          const res = await send(handle.client, c, world.ids);
          const text = res.text;
          expect(res.status, `${persona} got ${res.status}: ${text}`).toBeLessThan(500);
          if (persona !== 'member')
            for (const s of secrets(world.ids, persona)) expect(text).not.toContain(s);
          if (!mutates(c)) await expectUnchanged(`${persona} on ${routeKey(c)}`);
          else await takeChanges(t.database.db);
        });
      }
    });
  }

  /**
   * Authentication comes before validation on every route (issue 21: an anonymous answer write
   * with a broken body got 400): anonymous with a body that is not JSON, a body of the wrong
   * type, and a query that fits nothing is refused 401 like anonymous with a valid request.
   */
  const MALFORMED: Array<{ what: string; body?: string; query?: string }> = [
    { what: 'a body that is not JSON', body: '{"broken": ' },
    { what: 'a body of the wrong type', body: '[1, "x", null]' },
    { what: 'a query that fits nothing', query: 'limit=-1&cursor=%00&version=x&scope=nope' },
  ];

  describe('anonymous with a malformed request is refused 401 before validation', () => {
    for (const c of CASES.filter((x) => plan(x).refused.includes('anonymous'))) {
      for (const m of MALFORMED) {
        const method = methodOf(c);
        if (m.body !== undefined && (method === 'GET' || method === 'HEAD')) continue;
        it(`${routeKey(c)} with ${m.what}`, async () => {
          const req = c.request(world.ids);
          const path = m.query
            ? `${req.path}${req.path.includes('?') ? '&' : '?'}${m.query}`
            : req.path;
          const headers = new Headers(req.headers);
          const init: RequestInit = { method, headers };
          if (m.body !== undefined) {
            headers.set('content-type', 'application/json');
            init.body = m.body;
          } else if (req.json !== undefined) {
            headers.set('content-type', 'application/json');
            init.body = JSON.stringify(req.json);
          } else if (req.body !== undefined) {
            init.body = req.body;
          }
          const res = await world.personas.anonymous.client.request(path, init);
          if (c.stream && res.ok) await res.body?.cancel();
          const text = c.stream && res.ok ? '' : await res.text();
          expect(res.status, `${m.what}: ${res.status} ${text}`).toBe(401);
          await expectUnchanged(`anonymous with ${m.what} on ${routeKey(c)}`);
        });
      }
    }
  });

  // Controls last: they prove each case's request is valid (a 2xx for someone entitled), so a
  // refusal above is the guard's doing, not a typo in a path or body.
  describe('controls: the entitled caller succeeds with the same request', () => {
    const reads = CASES.filter((x) => !mutates(x) && controlOf(x) !== 'none');
    const writes = CASES.filter((x) => mutates(x) && controlOf(x) !== 'none');
    for (const c of PER_MODULE ? firstOfEachFile(reads) : reads) defineControl(c);
    for (const c of PER_MODULE ? firstOfEachFile(writes) : writes) defineControl(c);
  });
}
