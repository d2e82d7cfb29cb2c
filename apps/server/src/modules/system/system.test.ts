import { ErrorBodySchema, MailboxListSchema, SystemInfoSchema } from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES } from '../../app.ts';
import { setupTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../test/app.ts';
import { enrolTotp } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ config: { benchCeilingRoute: true } });
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(flags: { isSystemAdmin?: boolean; isSystemDev?: boolean } = {}) {
  const browser = t.client();
  const email = uniqueEmail('sys');
  await browser.signUp({ email });
  if (Object.keys(flags).length > 0) await t.setFlags(email, flags);
  // A system admin's routes need their second factor (docs/identity.md).
  if (flags.isSystemAdmin) await enrolTotp(browser);
  return { browser, email };
}

describe('development mailbox', () => {
  it('is refused to a signed-out visitor (401) and to an ordinary user (403)', async () => {
    const anon = await t.client().get('/api/v1/system/mailbox');
    expect(anon.status).toBe(401);
    const { browser } = await signedIn();
    const res = await browser.get('/api/v1/system/mailbox');
    expect(res.status).toBe(403);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.forbidden');
  });

  it('shows a system admin the messages, newest first', async () => {
    const { browser, email } = await signedIn({ isSystemAdmin: true });
    await t.client().post('/api/auth/request-password-reset', { email });
    const res = await browser.get('/api/v1/system/mailbox');
    expect(res.status).toBe(200);
    const { messages } = MailboxListSchema.parse(await res.json());
    const mine = messages.filter((m) => m.to === email);
    expect(mine.map((m) => m.subject)).toEqual([
      'Reset your password',
      expect.stringMatching(/^Your Tenantry code: \d{6}$/),
    ]);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('system info', () => {
  it('is for system admins and developers only', async () => {
    expect((await (await signedIn()).browser.get('/api/v1/system/info')).status).toBe(403);
    const dev = await signedIn({ isSystemDev: true });
    const res = await dev.browser.get('/api/v1/system/info');
    expect(res.status).toBe(200);
    const info = SystemInfoSchema.parse(await res.json());
    expect(info).toMatchObject({ profile: 'test', database: t.database.kind, mail: 'mailbox' });
  });
});

describe('health, errors, OpenAPI and headers', () => {
  it('GET /healthz answers ok after asking the database', async () => {
    const res = await t.client().get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('an unknown /api path answers 404 JSON in the one error shape', async () => {
    for (const path of ['/api/v1/nothing-here', '/api/elsewhere']) {
      const res = await t.client().get(path);
      expect(res.status).toBe(404);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.not_found');
    }
  });

  it('the OpenAPI 3.1 document lists the API routes', async () => {
    const res = await t.client().get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/me',
        '/api/v1/analytics/events',
        '/api/v1/system/mailbox',
        '/api/v1/system/info',
        '/healthz',
        '/version.json',
      ]),
    );
  });

  it('every answer carries the security headers; HSTS only on https', async () => {
    const res = await t.client().get('/api/v1/me');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const https = await setupTestApp({
      database: t.database,
      config: { publicUrl: 'https://tenantry.example.com' },
    });
    const secure = await https.client().get('/healthz');
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('keeps an incoming x-request-id and makes one when absent', async () => {
    const given = await t.client().get('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await t.client().get('/healthz');
    expect(made.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('CSRF', () => {
  const body = { events: [{ name: 'page_view', path: '/csrf' }] };

  it('refuses a write from another origin, on our API and on the auth endpoints', async () => {
    for (const path of ['/api/v1/analytics/events', '/api/auth/sign-in/email']) {
      const res = await t.client().request(path, {
        method: 'POST',
        json: path.includes('sign-in') ? { email: 'a@example.com', password: 'x' } : body,
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.csrf');
    }
  });

  it('with the default localhost PUBLIC_URL, accepts the loopback spellings of the same port', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const res = await t.client().request('/api/v1/analytics/events', {
        method: 'POST',
        json: body,
        headers: { origin },
      });
      expect(res.status, origin).toBe(202);
    }
    const otherPort = await t.client().request('/api/v1/analytics/events', {
      method: 'POST',
      json: body,
      headers: { origin: 'http://127.0.0.1:4000' },
    });
    expect(otherPort.status).toBe(403);
  });

  it('without an Origin header, only a JSON body is accepted', async () => {
    const form = await t.client().request('/api/v1/analytics/events', {
      method: 'POST',
      body: 'events=1',
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
    });
    // An empty Origin header is still an Origin that is not ours.
    expect(form.status).toBe(403);
    const app = t.app;
    const noOrigin = await app.request('/api/v1/analytics/events', {
      method: 'POST',
      body: 'events=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(noOrigin.status).toBe(403);
    const json = await app.request('/api/v1/analytics/events', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(202);
  });

  it('accepts the request’s own origin (a server reached under another host name)', async () => {
    const res = await t.app.request('http://10.0.0.5:3000/api/v1/analytics/events', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { origin: 'http://10.0.0.5:3000', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(202);
  });
});

describe('benchmark ceiling routes', () => {
  it('exist only with BENCH_CEILING_ROUTE', async () => {
    expect((await t.client().get('/api/v1/bench/json')).status).toBe(200);
    const ceiling = await t.client().get('/api/v1/bench/ceiling');
    expect(ceiling.status).toBe(200);
    const off = await setupTestApp({ database: t.database });
    expect((await off.client().get('/api/v1/bench/ceiling')).status).toBe(404);
    expect((await off.client().get('/api/v1/bench/json')).status).toBe(404);
  });
});

describe('API body limit', () => {
  const big = 'x'.repeat(API_BODY_LIMIT_BYTES + 10);
  const headers = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

  it('refuses a declared length over the limit with 413, before reading the body', async () => {
    const res = await t.app.request('/api/v1/feedback', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.bad_request');
  });

  it('counts a chunked body as it streams and refuses it past the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > API_BODY_LIMIT_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/v1/feedback', {
      method: 'POST',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});
