/**
 * The fuzz suite: every operation of the OpenAPI document, called with generated path ids,
 * query strings and bodies (hostile unicode, huge strings, wrong types, missing and extra
 * fields, forged cursors) as the signed-in owner of an account and as anonymous. Properties:
 * never a 5xx; every 4xx is the one error shape `{ error: { code, message, fields?,
 * requestId } }` with a known code; a refused request changes no data. A new operation fails
 * the suite until operations.ts has its entry. See README.md in this folder.
 */
import {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_EXPORT_ERROR_CODES,
  API_KEY_ERROR_CODES,
  ASSESSMENT_ERROR_CODES,
  AUTH_ERROR_CODES,
  BASELINE_ERROR_CODES,
  BILLING_ERROR_CODES,
  CALENDAR_ERROR_CODES,
  CONTENT_ERROR_CODES,
  COMMON_ERROR_CODES,
  ErrorBodySchema,
  EVIDENCE_ERROR_CODES,
  FEEDBACK_ERROR_CODES,
  MEDIA_ERROR_CODES,
  MEMBER_ERROR_CODES,
  QUESTION_ANSWERS_ERROR_CODES,
  REMEDIATION_ERROR_CODES,
  REPORT_ERROR_CODES,
  ROADMAP_ERROR_CODES,
  SCHEDULE_ERROR_CODES,
  SECOND_FACTOR_ERROR_CODES,
  SERVICE_USER_ERROR_CODES,
  SHARING_ERROR_CODES,
  SSO_ERROR_CODES,
  STORAGE_ERROR_CODES,
  SUPPORT_ACCESS_ERROR_CODES,
  SUPPORT_ERROR_CODES,
  TENANT_ERROR_CODES,
  WEBHOOK_ERROR_CODES,
} from '@tenantry/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../app.ts';
import { installChangeLog, takeChanges } from '../outsider/snapshot.ts';
import { OPERATIONS } from './operations.ts';
import { requestsFor, unsupported, type FuzzRequest, type OpenApiDocument } from './requests.ts';
import { buildWorld, type FuzzWorld } from './world.ts';

const README = 'apps/server/src/test/fuzz/README.md';
/** Same inputs on every run; FUZZ_SEED=… FUZZ_RUNS=… explore further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const PERSONAS = ['owner', 'anonymous'] as const;
/** One seed per operation and persona, all from SEED: the same inputs on every run. */
const seedOf = (key: string) =>
  [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);
/** FUZZ_STATS=1 prints how often each operation answered each status (is it reaching in?). */
const STATS = process.env.FUZZ_STATS === '1';
const stats = new Map<string, Map<string, number>>();
type Persona = (typeof PERSONAS)[number];

const KNOWN_CODES = new Set<string>(
  [
    COMMON_ERROR_CODES,
    ACCOUNT_ERROR_CODES,
    ACCOUNT_EXPORT_ERROR_CODES,
    API_KEY_ERROR_CODES,
    ASSESSMENT_ERROR_CODES,
    AUTH_ERROR_CODES,
    BASELINE_ERROR_CODES,
    BILLING_ERROR_CODES,
    CALENDAR_ERROR_CODES,
    CONTENT_ERROR_CODES,
    EVIDENCE_ERROR_CODES,
    FEEDBACK_ERROR_CODES,
    MEDIA_ERROR_CODES,
    MEMBER_ERROR_CODES,
    QUESTION_ANSWERS_ERROR_CODES,
    REMEDIATION_ERROR_CODES,
    REPORT_ERROR_CODES,
    ROADMAP_ERROR_CODES,
    SCHEDULE_ERROR_CODES,
    SECOND_FACTOR_ERROR_CODES,
    SERVICE_USER_ERROR_CODES,
    SHARING_ERROR_CODES,
    SSO_ERROR_CODES,
    STORAGE_ERROR_CODES,
    SUPPORT_ACCESS_ERROR_CODES,
    SUPPORT_ERROR_CODES,
    TENANT_ERROR_CODES,
    WEBHOOK_ERROR_CODES,
  ].flatMap((codes) => Object.values(codes)),
);
/** Answers that mean the request never got past the route's guard (a session, a link's token). */
const GUARD_CODES = new Set<string>([
  COMMON_ERROR_CODES.unauthenticated,
  COMMON_ERROR_CODES.forbidden,
  ASSESSMENT_ERROR_CODES.linkInvalid,
  ASSESSMENT_ERROR_CODES.linkExpired,
  ASSESSMENT_ERROR_CODES.linkRevoked,
]);

/**
 * An event stream (Server-Sent Events) stays open for minutes: its body is never read to the
 * end. Any answer of this type is cancelled unread; a 200 is a success.
 */
const isEventStream = (res: Response) =>
  /^text\/event-stream\b/i.test(res.headers.get('content-type') ?? '');

let t: TestApp;
let world: FuzzWorld;
let doc: OpenApiDocument;
let operations: string[] = [];
/** Whether a request since the last reset may have changed the world (see the tests). */
let worldTouched = true;

const show = (s: string, max: number) =>
  JSON.stringify(s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);

function describeRequest(persona: Persona, req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ''
      : typeof req.body === 'string'
        ? ` body ${show(req.body, 300)}`
        : ` body ${req.body.length} bytes`;
  return `${persona} ${req.method} ${show(req.url, 300)} ${JSON.stringify(req.headers)}${body}`;
}

/**
 * The suite, split by operation into `shards` files that Vitest runs side by side (each with its
 * own app and world): `fuzz.test.ts` runs shard 0 and the coverage check, `fuzz.b.test.ts` shard
 * 1. One definition, several files, because the suite's time is its requests, one after another.
 */
export function fuzzSuite(shard: number, shards: number): void {
  beforeAll(async () => {
    t = await setupTestApp();
    world = await buildWorld(t);
    // The outsider suite's tables, plus the analytics events (written by anyone on purpose, so
    // not in its fingerprint; a refused batch stores none).
    await installChangeLog(t.database.db, ['analytics_events']);
    const res = await t.client().get('/api/v1/openapi.json');
    doc = (await res.json()) as OpenApiDocument;
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  });

  afterAll(async () => {
    await t?.close();
    if (STATS) {
      const lines = [...stats].map(
        ([key, counts]) => `${key}: ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
      console.info(lines.join('\n'));
    }
  });

  if (shard === 0) {
    describe('the fuzz suite covers the API', () => {
      it('builds inputs for every operation of the OpenAPI document', () => {
        expect(operations.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const route of operations) {
          const hint = OPERATIONS[route];
          if (!hint) {
            problems.push(`no entry for ${route} in operations.ts (see ${README})`);
            continue;
          }
          const [method = '', path = ''] = route.split(' ');
          const op = doc.paths[path]?.[method.toLowerCase()] ?? {};
          for (const p of unsupported(path, op, hint, world.ids)) problems.push(`${route}: ${p}`);
        }
        for (const route of Object.keys(OPERATIONS)) {
          if (!operations.includes(route))
            problems.push(`operations.ts names ${route}, which is not in the OpenAPI document`);
        }
        expect(problems, problems.join('\n')).toEqual([]);
      });
    });
  }

  for (const route of Object.keys(OPERATIONS).filter((_, i) => i % shards === shard)) {
    describe(route, () => {
      for (const persona of PERSONAS) {
        it(`as ${persona}: no 5xx, the one error shape, no partial write`, async (ctx) => {
          if (!operations.includes(route)) ctx.skip(`${route} is not in the OpenAPI document`);
          // A fresh world only when the last test may have changed it: a reset makes a whole
          // account's worth of objects and was most of the suite's time.
          if (worldTouched) await world.reset();
          await takeChanges(t.database.db); // what the reset wrote is the baseline
          worldTouched = true; // until this test ends having changed nothing
          let touched = false;
          let pastGuard = 0;
          const hint = OPERATIONS[route] ?? {};
          const requests = requestsFor(doc, route, hint, world.ids);

          await fc.assert(
            fc.asyncProperty(requests, async (req) => {
              const client = persona === 'owner' ? world.owner : t.client();
              const res = await client.request(req.url, {
                method: req.method,
                headers: req.headers,
                ...(req.body !== undefined
                  ? { body: typeof req.body === 'string' ? req.body : new Uint8Array(req.body) }
                  : {}),
              });
              const stream = isEventStream(res);
              if (stream) await res.body?.cancel();
              const text = stream ? '' : await res.text();
              if (STATS) {
                const key = `${route} as ${persona}`;
                const counts = stats.get(key) ?? new Map<string, number>();
                const code = /"code":"([^"]+)"/.exec(text)?.[1] ?? '';
                const label = `${res.status}${code ? ` ${code}` : ''}`;
                counts.set(label, (counts.get(label) ?? 0) + 1);
                stats.set(key, counts);
              }
              // Read after every request: one failure must not make every later one look guilty.
              const changed = await takeChanges(t.database.db);
              // Sessions and sign-in bookkeeping are not in the log: any accepted write counts.
              const write = req.method !== 'GET' && req.method !== 'HEAD';
              if (changed.length > 0 || (write && res.status < 400)) touched = true;
              const what = `${describeRequest(persona, req)}\n→ ${res.status} ${show(text, 500)}`;
              if (res.status >= 500) throw new Error(`a 5xx: ${what}`);
              if (stream && res.status !== 200)
                throw new Error(`an event stream that is not a 200 (errors are JSON): ${what}`);
              if (res.status < 400) {
                pastGuard += 1;
                return;
              }
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                throw new Error(`an error that is not JSON: ${what}`);
              }
              const parsed = ErrorBodySchema.safeParse(json);
              if (!parsed.success) throw new Error(`not the one error shape: ${what}`);
              const { code, requestId } = parsed.data.error;
              if (typeof requestId !== 'string') throw new Error(`no requestId: ${what}`);
              if (!KNOWN_CODES.has(code)) throw new Error(`an unknown error code: ${what}`);
              if (!GUARD_CODES.has(code)) pastGuard += 1;
              if (changed.length > 0)
                throw new Error(`a refused request changed ${changed.join(', ')}: ${what}`);
            }),
            {
              seed: seedOf(`${route} ${persona}`),
              numRuns: RUNS * (hint.runs ?? 1),
              interruptAfterTimeLimit: 60_000,
            },
          );
          worldTouched = touched;
          if (persona === 'owner') {
            expect(pastGuard, `the owner never got past the guard of ${route}`).toBeGreaterThan(0);
          }
        }, 120_000);
      }
    });
  }
}
