import { randomUUID } from 'node:crypto';
import {
  ApiKeyListSchema,
  AssessmentDetailSchema,
  CheckResultsOutcomeSchema,
  CreatedApiKeySchema,
  TenantPageSchema,
  type ApiKeyScope,
  type AssessmentDetail,
  type CheckResult,
  type Question,
} from '@tenantry/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerHistory,
  apiKeys,
  assessmentAnswers,
  assessments,
  auditLog,
  frameworks,
  subscriptions,
  tenants,
} from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { publishPrivateFramework, WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { addTenant } from '../../test/data.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  signUpPerson,
  type Person,
} from '../../test/people.ts';
import { loadLibrary } from '../content/library.seed.ts';

let t: TestApp;
let owner: Person;
let other: Person;
let tenantId: string;
let secondTenantId: string;
let otherTenantId: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'keys-owner', 'Olivia Owner');
  other = await signUpPerson(t, 'keys-other', 'Oscar Other');
  await compBusiness(t, owner.tid);
  await compBusiness(t, other.tid);
  tenantId = await addTenant(t, owner.tid, 'Acme');
  secondTenantId = await addTenant(t, owner.tid, 'Globex');
  otherTenantId = await addTenant(t, other.tid, 'Initech');
  frameworkId = await publishPrivateFramework(owner.client);
});
afterAll(async () => {
  await t?.close();
});

async function createKey(
  person: Person,
  body: {
    scopes: ApiKeyScope[];
    tenantId?: string | null;
    expiresAt?: string | null;
    name?: string;
  },
) {
  const res = await person.client.post('/api/v1/api-keys', { name: 'CI sync', ...body });
  await expectStatus(res, 201);
  return CreatedApiKeySchema.parse(await res.json());
}

/** A request as a tool makes it: no cookie, no Origin, the key in the Authorization header. */
function withKey(secret: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(path, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

async function keyRow(id: string) {
  const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row!;
}

describe('API keys on the Developer page', () => {
  it('an owner creates a key: the secret once, only its hash and prefix kept; the list never shows it', async () => {
    const created = await createKey(owner, { scopes: ['tenants:read'] });
    expect(created.secret).toMatch(/^tnt_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: 'CI sync',
      prefix: created.secret.slice(0, 12),
      scopes: ['tenants:read'],
      tenant: null,
      status: 'active',
      createdBy: owner.email,
      lastUsedAt: null,
    });
    const row = await keyRow(created.key.id);
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const listRes = await owner.client.get('/api/v1/api-keys');
    const text = await listRes.text();
    expect(text).not.toContain(created.secret);
    const list = ApiKeyListSchema.parse(JSON.parse(text));
    expect(list.keys.map((k) => k.id)).toContain(created.key.id);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_keys.created'), eq(auditLog.targetId, created.key.id)));
    expect(audit?.actorUserId).toBe(owner.uid);
  });

  it('validates the name, scopes, tenant and expiry with field errors; nothing is written', async () => {
    const before = await t.database.db.select({ n: count() }).from(apiKeys);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', scopes: ['tenants:read'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['everything'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['tenants:read', 'tenants:read'] }, 'scopes'],
      [{ name: 'x', scopes: ['tenants:read'], tenantId: otherTenantId }, 'tenantId'],
      [{ name: 'x', scopes: ['tenants:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scopes: ['tenants:read'], expiresAt: '2099-01-01T00:00:00Z' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post('/api/v1/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const after = await t.database.db.select({ n: count() }).from(apiKeys);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a member cannot manage keys (403); another account cannot revoke ours (404, unchanged)', async () => {
    const member = await addMember(t, owner, 'member', 'keys-member');
    expect((await member.client.get('/api/v1/api-keys')).status).toBe(403);
    expect(
      (await member.client.post('/api/v1/api-keys', { name: 'x', scopes: ['tenants:read'] }))
        .status,
    ).toBe(403);
    const created = await createKey(owner, { scopes: ['tenants:read'] });
    const res = await other.client.request(`/api/v1/api-keys/${created.key.id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('api_keys.not_found');
    expect((await keyRow(created.key.id)).revokedAt).toBeNull();
    const theirs = ApiKeyListSchema.parse(
      await (await other.client.get('/api/v1/api-keys')).json(),
    );
    expect(theirs.keys.map((k) => k.id)).not.toContain(created.key.id);
  });

  it('needs the plan’s developer API (402), at creation and at every use', async () => {
    const free = await signUpPerson(t, 'keys-free', 'Fred Free');
    const res = await free.client.post('/api/v1/api-keys', { name: 'x', scopes: ['tenants:read'] });
    expect(res.status).toBe(402);
    expect(await errorCode(res)).toBe('billing.feature_locked');

    const created = await createKey(owner, { scopes: ['tenants:read'] });
    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: 'pro' })
      .where(eq(subscriptions.accountId, owner.tid));
    try {
      const used = await withKey(created.secret, '/api/v1/tenants');
      expect(used.status).toBe(402);
      expect(await errorCode(used)).toBe('billing.feature_locked');
    } finally {
      await compBusiness(t, owner.tid);
    }
    expect((await withKey(created.secret, '/api/v1/tenants')).status).toBe(200);
  });
});

describe('authenticating with a key', () => {
  it('reads its own account’s tenants, notes the last use, and reaches nothing of another account', async () => {
    const { key, secret } = await createKey(owner, { scopes: ['tenants:read'] });
    const res = await withKey(secret, '/api/v1/tenants?status=all');
    await expectStatus(res, 200);
    const page = TenantPageSchema.parse(await res.json());
    expect(page.tenants.map((x) => x.id).sort()).toEqual([tenantId, secondTenantId].sort());
    const one = await withKey(secret, `/api/v1/tenants/${tenantId}`);
    expect(one.status).toBe(200);
    const theirs = await withKey(secret, `/api/v1/tenants/${otherTenantId}`);
    expect(theirs.status).toBe(404);
    expect(await errorCode(theirs)).toBe('tenants.not_found');
    const row = await keyRow(key.id);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('a key without the route’s scope gets 403; a route closed to keys answers 401 and writes nothing', async () => {
    const { secret } = await createKey(owner, { scopes: ['tenants:read'] });
    const res = await withKey(secret, `/api/v1/tenants/${tenantId}/assessments`);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('api_keys.scope_missing');
    const before = await t.database.db.select({ n: count() }).from(tenants);
    const create = await withKey(secret, '/api/v1/tenants', { json: { name: 'Sneaky' } });
    expect(create.status).toBe(401);
    expect((await withKey(secret, '/api/v1/api-keys')).status).toBe(401);
    const after = await t.database.db.select({ n: count() }).from(tenants);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a revoked key is refused on its next request; an expired or unknown one too (401)', async () => {
    const { key, secret } = await createKey(owner, { scopes: ['tenants:read'] });
    expect((await withKey(secret, '/api/v1/tenants')).status).toBe(200);
    const revoke = await owner.client.request(`/api/v1/api-keys/${key.id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(204);
    const after = await withKey(secret, '/api/v1/tenants');
    expect(after.status).toBe(401);
    expect(await errorCode(after)).toBe('api_keys.revoked');
    const listed = ApiKeyListSchema.parse(
      await (await owner.client.get('/api/v1/api-keys')).json(),
    );
    expect(listed.keys.find((k) => k.id === key.id)?.status).toBe('revoked');

    const expiring = await createKey(owner, { scopes: ['tenants:read'] });
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.key.id));
    const expired = await withKey(expiring.secret, '/api/v1/tenants');
    expect(expired.status).toBe(401);
    expect(await errorCode(expired)).toBe('api_keys.expired');

    for (const header of [
      'Bearer tnt_nope',
      'Basic abc',
      `Bearer tnt_${'A'.repeat(43)}`,
      'Bearer',
    ]) {
      const res = await t.app.request('/api/v1/tenants', { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
      expect(await errorCode(res)).toBe('api_keys.invalid');
    }
  });

  it('a key limited to one client tenant sees only that tenant', async () => {
    const { secret } = await createKey(owner, {
      scopes: ['tenants:read', 'assessments:read'],
      tenantId,
    });
    const page = TenantPageSchema.parse(await (await withKey(secret, '/api/v1/tenants')).json());
    expect(page.tenants.map((x) => x.id)).toEqual([tenantId]);
    expect((await withKey(secret, `/api/v1/tenants/${tenantId}`)).status).toBe(200);
    expect((await withKey(secret, `/api/v1/tenants/${secondTenantId}`)).status).toBe(404);
    expect((await withKey(secret, `/api/v1/tenants/${secondTenantId}/assessments`)).status).toBe(
      404,
    );
    expect((await withKey(secret, `/api/v1/tenants/${tenantId}/assessments`)).status).toBe(200);
  });

  it('over its rate limit a key gets 429 with Retry-After (counted in the database)', async () => {
    const { key, secret } = await createKey(owner, { scopes: ['tenants:read'] });
    await t.database.db.execute(
      sql`insert into rate_limits (id, key, count, last_request)
          values (${randomUUID()}, ${`api-key:${key.id}`}, 600, ${Date.now()})`,
    );
    const res = await withKey(secret, '/api/v1/tenants');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorCode(res)).toBe('common.rate_limited');
  });
});

/** A valid value of each question type, varied by `i`. */
function valueFor(q: Question, i: number): string | number | string[] {
  switch (q.type) {
    case 'yes_no':
      return ['yes', 'partial', 'no'][i % 3]!;
    case 'maturity':
      return i % 6;
    case 'single_choice':
      return q.options[i % q.options.length]!.key;
    case 'multiple_choice':
      return q.options.slice(0, 1 + (i % q.options.length)).map((o) => o.key);
    case 'number':
      return i % 40;
    case 'text':
      return `Observed ${i}`;
  }
}

describe('automated check results', () => {
  const path = (tid: string, aid: string) =>
    `/api/v1/tenants/${tid}/assessments/${aid}/check-results`;

  async function startAssessment(fw = frameworkId, tid = tenantId): Promise<AssessmentDetail> {
    const res = await owner.client.post(`/api/v1/tenants/${tid}/assessments`, {
      frameworkId: fw,
      version: 1,
      name: 'Automated review',
    });
    await expectStatus(res, 201);
    return AssessmentDetailSchema.parse(await res.json());
  }

  async function answersFingerprint(assessmentId: string) {
    const [answers] = await t.database.db
      .select({ n: count(), sum: sql<string>`coalesce(sum(revision), 0)` })
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.assessmentId, assessmentId));
    const [history] = await t.database.db
      .select({ n: count() })
      .from(answerHistory)
      .where(eq(answerHistory.assessmentId, assessmentId));
    return { answers: answers?.n, revisions: String(answers?.sum), history: history?.n };
  }

  it('scores the worked example of SCORING.md from automated results: 55 %, 38 %, overall 49 %', async () => {
    const a = await startAssessment();
    const { secret } = await createKey(owner, { scopes: ['answers:write'] });
    const observedAt = new Date(Date.now() - 60_000).toISOString();
    const results = Object.entries(WORKED_EXAMPLE_ANSWERS).map(([questionKey, answer]) => ({
      questionKey,
      ...answer,
      evidence: `Checked ${questionKey}`,
      observedAt,
    }));
    const res = await withKey(secret, path(tenantId, a.id), {
      json: { idempotencyKey: 'worked-example-1', source: 'Scanner X', results },
    });
    await expectStatus(res, 200);
    const out = CheckResultsOutcomeSchema.parse(await res.json());
    expect(out).toMatchObject({ outcome: 'applied', applied: 6, superseded: 0 });
    expect(out.progress.sections.A!.score).toBeCloseTo(0.55, 10);
    expect(out.progress.sections.B!.score).toBeCloseTo(0.375, 10);
    expect(out.progress.score).toBeCloseTo(1.475 / 3, 10);
    expect(out.progress.completion).toBe(1);
    const detail = AssessmentDetailSchema.parse(
      await (await owner.client.get(`/api/v1/tenants/${tenantId}/assessments/${a.id}`)).json(),
    );
    expect(detail.status).toBe('in_progress');
    const q1 = detail.answers.find((x) => x.questionKey === 'Q1');
    expect(q1).toMatchObject({
      value: 'yes',
      note: 'Checked Q1',
      answeredBy: { source: 'automation', name: 'Scanner X', userId: null },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'api_keys.used')));
    expect(audit?.actorUserId).toBeNull();
    expect(audit?.data).toMatchObject({ method: 'POST', status: 200 });
  });

  it('pushes 500 results for the shipped NIST CSF in one batch; a replay changes nothing', async () => {
    await loadLibrary(t.database.db);
    const [nist] = await t.database.db
      .select({ id: frameworks.id })
      .from(frameworks)
      .where(and(eq(frameworks.key, 'nist-csf-2.0'), isNull(frameworks.accountId)));
    const a = await startAssessment(nist!.id, secondTenantId);
    const questions = a.document.sections.flatMap(function all(s): Question[] {
      return [...s.questions, ...s.sections.flatMap(all)];
    });
    expect(questions.length).toBeGreaterThan(100);
    const base = Date.now() - 10 * 60_000;
    const results: CheckResult[] = [];
    for (let i = 0; i < 500; i++) {
      const q = questions[i % questions.length]!;
      results.push({
        questionKey: q.key,
        value: valueFor(q, i),
        observedAt: new Date(base + i * 1000).toISOString(),
        evidence: `https://scanner.example/findings/${i}`,
      });
    }
    const batch = { idempotencyKey: 'nist-batch-0001', source: 'Endpoint Manager', results };
    const started = performance.now();
    const res = await withKey(
      (await createKey(owner, { scopes: ['answers:write'] })).secret,
      path(secondTenantId, a.id),
      { json: batch },
    );
    const took = performance.now() - started;
    await expectStatus(res, 200);
    const out = CheckResultsOutcomeSchema.parse(await res.json());
    expect(out.outcome).toBe('applied');
    expect(out.applied + out.superseded).toBe(500);
    expect(out.progress.answered).toBe(questions.length);
    expect(out.progress.completion).toBe(1);
    console.info(`500 check results applied in ${took.toFixed(0)} ms`);

    // The scores are the ones the single-answer path computes for the same final answers.
    const b = await startAssessment(nist!.id, secondTenantId);
    const latest = new Map<string, CheckResult>();
    for (const r of results) latest.set(r.questionKey, r);
    let last: { progress: unknown } | undefined;
    for (const r of latest.values()) {
      const put = await owner.client.request(
        `/api/v1/tenants/${secondTenantId}/assessments/${b.id}/answers/${r.questionKey}`,
        { method: 'PUT', json: { value: r.value } },
      );
      await expectStatus(put, 200);
      last = (await put.json()) as { progress: unknown };
    }
    expect(out.progress).toEqual(last!.progress);

    const before = await answersFingerprint(a.id);
    const { secret } = await createKey(owner, { scopes: ['answers:write'] });
    const replay = await withKey(secret, path(secondTenantId, a.id), { json: batch });
    expect(replay.status).toBe(200);
    expect(CheckResultsOutcomeSchema.parse(await replay.json())).toMatchObject({
      outcome: 'duplicate',
      applied: out.applied,
      superseded: out.superseded,
    });
    expect(await answersFingerprint(a.id)).toEqual(before);
  }, 60_000); // 500 results and a second assessment: seconds, more under load

  it('the same batch sent twice at once is applied once', async () => {
    const a = await startAssessment();
    const { secret } = await createKey(owner, { scopes: ['answers:write'] });
    const batch = {
      idempotencyKey: 'concurrent-batch-1',
      source: 'Scanner X',
      results: [
        { questionKey: 'Q1', value: 'yes', observedAt: new Date().toISOString() },
        { questionKey: 'Q2', value: 2, observedAt: new Date().toISOString() },
      ],
    };
    const [x, y] = await Promise.all([
      withKey(secret, path(tenantId, a.id), { json: batch }),
      withKey(secret, path(tenantId, a.id), { json: batch }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const outcomes = [
      CheckResultsOutcomeSchema.parse(await x.json()).outcome,
      CheckResultsOutcomeSchema.parse(await y.json()).outcome,
    ].sort();
    expect(outcomes).toEqual(['applied', 'duplicate']);
    expect(await answersFingerprint(a.id)).toEqual({ answers: 2, revisions: '2', history: 0 });
  });

  it('never replaces a newer answer by a person; the older result goes to the history', async () => {
    const a = await startAssessment();
    const put = await owner.client.request(
      `/api/v1/tenants/${tenantId}/assessments/${a.id}/answers/Q1`,
      { method: 'PUT', json: { value: 'no', note: 'Checked by hand' } },
    );
    expect(put.status).toBe(200);
    const { secret } = await createKey(owner, { scopes: ['answers:write'] });
    const res = await withKey(secret, path(tenantId, a.id), {
      json: {
        idempotencyKey: 'older-than-person',
        source: 'Scanner X',
        results: [
          {
            questionKey: 'Q1',
            value: 'yes',
            observedAt: new Date(Date.now() - 3_600_000).toISOString(),
          },
          { questionKey: 'Q2', value: 3, observedAt: new Date().toISOString() },
        ],
      },
    });
    await expectStatus(res, 200);
    expect(await res.json()).toMatchObject({ applied: 1, superseded: 1 });
    const [q1] = await t.database.db
      .select()
      .from(assessmentAnswers)
      .where(
        and(eq(assessmentAnswers.assessmentId, a.id), eq(assessmentAnswers.questionKey, 'Q1')),
      );
    expect(q1).toMatchObject({ value: 'no', source: 'member', note: 'Checked by hand' });
    const late = await t.database.db
      .select()
      .from(answerHistory)
      .where(and(eq(answerHistory.assessmentId, a.id), eq(answerHistory.questionKey, 'Q1')));
    expect(late.map((h) => [h.source, h.value])).toContainEqual(['automation', 'yes']);

    // A person confirms or overrides an automated answer: it becomes theirs, the history keeps it.
    const override = await owner.client.request(
      `/api/v1/tenants/${tenantId}/assessments/${a.id}/answers/Q2`,
      { method: 'PUT', json: { value: 3 } },
    );
    expect(override.status).toBe(200);
    const q2History = await t.database.db
      .select()
      .from(answerHistory)
      .where(and(eq(answerHistory.assessmentId, a.id), eq(answerHistory.questionKey, 'Q2')));
    expect(q2History.map((h) => h.source)).toEqual(['automation']);
  });

  it('refuses the whole batch naming each failing result by index and key; nothing is written', async () => {
    const a = await startAssessment();
    const { secret } = await createKey(owner, { scopes: ['answers:write'] });
    const now = new Date().toISOString();
    const res = await withKey(secret, path(tenantId, a.id), {
      json: {
        idempotencyKey: 'bad-batch-001',
        source: 'Scanner X',
        results: [
          { questionKey: 'Q1', value: 'yes', observedAt: now },
          { questionKey: 'NOPE', value: 'yes', observedAt: now },
          { questionKey: 'Q2', value: 'banana', observedAt: now },
          { questionKey: 'Q4', observedAt: now },
        ],
      },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(error.code).toBe('assessments.invalid_answer');
    expect(Object.keys(error.fields).sort()).toEqual([
      'results.1.questionKey',
      'results.2.value',
      'results.3.value',
    ]);
    expect(error.fields['results.1.questionKey']).toContain('“NOPE”');
    expect(await answersFingerprint(a.id)).toEqual({ answers: 0, revisions: '0', history: 0 });

    const schemaBad = await withKey(secret, path(tenantId, a.id), {
      json: { idempotencyKey: 'x', source: '', results: [] },
    });
    expect(schemaBad.status).toBe(400);
  });

  it('is refused on another account’s assessment (404), without the scope (403), and when completed (409)', async () => {
    const a = await startAssessment();
    const batch = {
      idempotencyKey: 'outsider-batch',
      source: 'Scanner X',
      results: [{ questionKey: 'Q1', value: 'yes', observedAt: new Date().toISOString() }],
    };
    await compBusiness(t, other.tid);
    const theirs = await createKey(other, { scopes: ['answers:write'] });
    const res = await withKey(theirs.secret, path(tenantId, a.id), { json: batch });
    expect(res.status).toBe(404);
    const readOnly = await createKey(owner, { scopes: ['assessments:read'] });
    const denied = await withKey(readOnly.secret, path(tenantId, a.id), { json: batch });
    expect(denied.status).toBe(403);
    expect(await answersFingerprint(a.id)).toEqual({ answers: 0, revisions: '0', history: 0 });
    await t.database.db
      .update(assessments)
      .set({ status: 'completed' })
      .where(eq(assessments.id, a.id));
    const writer = await createKey(owner, { scopes: ['answers:write'] });
    const locked = await withKey(writer.secret, path(tenantId, a.id), { json: batch });
    expect(locked.status).toBe(409);
    expect(await errorCode(locked)).toBe('assessments.locked');
    expect(await answersFingerprint(a.id)).toEqual({ answers: 0, revisions: '0', history: 0 });
  });
});
