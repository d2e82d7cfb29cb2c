import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorBodySchema,
  RESPONDENT_LINK_FAILURE_LIMIT,
  RESPONDENT_TOKEN_HEADER,
} from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/app.ts';
import { expectStatus } from '../test/http.ts';
import { setupTestApp, TEST_IP_HEADER, type TestApp } from '../test/app.ts';
import { publishPrivateFramework } from '../test/frameworks.ts';
import { signUpPerson } from '../test/people.ts';
import { createRateLimiter } from './rate-limit.ts';

let t: TestApp;
/** A second server process on the same database: limits must hold across both. */
let t2: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  t2 = await setupTestApp({ database: t.database });
});
afterAll(async () => {
  await t?.close();
});

/** A client on `app` that sends the same client address as `like`. */
function sameAddress(app: TestApp, like: TestClient): TestClient {
  const client = app.client();
  Object.defineProperty(client, 'ip', { value: like.ip });
  return client;
}

describe('rate limits in the database', () => {
  it('counts one window per key and answers the seconds left once over the limit', async () => {
    const limiter = createRateLimiter(t.database.db);
    const limit = { windowSeconds: 60, max: 3 };
    const waits = [];
    for (let i = 0; i < 5; i++) waits.push(await limiter.hit('unit:a', limit));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(60);
    // Another key has its own window; an expired window starts again.
    expect(await limiter.hit('unit:b', limit)).toBe(0);
    expect(await limiter.hit('unit:a', { windowSeconds: 0, max: 3 })).toBe(0);
  });

  it('sign-in attempts from one address are counted across two servers', async () => {
    const first = t.client();
    const second = sameAddress(t2, first);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await first.signIn('nobody@example.com', `guess-${i}`)).status);
      statuses.push((await second.signIn('nobody@example.com', `guess-${i}`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('shared sign-in code requests are counted across two servers, with Retry-After', async () => {
    const first = t.client();
    const second = sameAddress(t2, first);
    const ask = (c: TestClient) =>
      c.post('/api/v1/shared-signin/some-tenant/code', { email: 'guest@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await ask(first)).status, (await ask(second)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    const refused = await ask(second);
    expect(statuses[5]).toBe(429);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(TEST_IP_HEADER).toBeTruthy();
  });

  it('failed respondent link look-ups from one address are limited across two servers; a valid link is not', async () => {
    const { link } = await respondentLink();
    const token = new URL(link).searchParams.get('token') ?? '';
    const guesser = t.client();
    const elsewhere = sameAddress(t2, guesser);
    const guess = (c: TestClient, i: number) =>
      c.get('/api/v1/respond', {
        headers: { [RESPONDENT_TOKEN_HEADER]: `rsp_${randomBytes(24).toString('base64url')}${i}` },
      });
    const answers: Response[] = [];
    for (let i = 0; i < 150; i++) answers.push(await guess(i % 2 ? elsewhere : guesser, i));
    const statuses = answers.map((r) => r.status);
    const max = RESPONDENT_LINK_FAILURE_LIMIT.max;
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
    const refused = answers[max]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = ErrorBodySchema.parse(await refused.json());
    expect(body.error.code).toBe('common.rate_limited');
    // The same address, on both servers, with a valid token: its page and its writes go through.
    for (const c of [guesser, elsewhere]) {
      const page = await c.get('/api/v1/respond', {
        headers: { [RESPONDENT_TOKEN_HEADER]: token },
      });
      await expectStatus(page, 200);
      const write = await c.request('/api/v1/respond/answers/Q1', {
        method: 'PUT',
        headers: { [RESPONDENT_TOKEN_HEADER]: token },
        json: {
          value: 'yes',
          seq: 1,
          answeredAt: new Date().toISOString(),
          idempotencyKey: randomUUID(),
        },
      });
      await expectStatus(write, 200);
    }
    // Still refused for the next guess, and a malformed token or none counts the same.
    expect((await guess(guesser, 999)).status).toBe(429);
    expect((await guesser.get('/api/v1/respond')).status).toBe(429);
    // Another address is not affected.
    expect((await guess(t.client(), 1000)).status).toBe(401);
  });
});

/** A respondent's link on an assessment of a new account (SCORING.md's worked example). */
async function respondentLink(): Promise<{ link: string }> {
  const owner = await signUpPerson(t, 'owner');
  const frameworkId = await publishPrivateFramework(owner.client);
  const tenant = await owner.client.post('/api/v1/tenants', { name: 'Acme' });
  const tenantId = ((await tenant.json()) as { id: string }).id;
  const base = `/api/v1/tenants/${tenantId}/assessments`;
  const created = await owner.client.post(base, { frameworkId, version: 1, name: 'Limits' });
  await expectStatus(created, 201);
  const { id } = (await created.json()) as { id: string };
  const added = await owner.client.post(`${base}/${id}/respondents`, {
    name: 'Rita Respondent',
    email: 'rita@example.com',
    sendEmail: false,
  });
  await expectStatus(added, 201);
  return (await added.json()) as { link: string };
}
