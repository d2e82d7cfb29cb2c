import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/app.ts';
import { setupTestApp, TEST_IP_HEADER, type TestApp } from '../test/app.ts';
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
});
