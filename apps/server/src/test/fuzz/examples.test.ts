/**
 * The bad inputs of the issue that found them ("malformed input from outside still produces
 * 500s"), one by one, with the exact answer: a 400 `common.validation` naming the field. The
 * property suite (fuzz.test.ts) covers the classes; these pin the examples.
 */
import { randomUUID } from 'node:crypto';
import { ErrorBodySchema, UNSTORABLE_TEXT_MESSAGE } from '@tenantry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { encodeTenantCursor } from '../../modules/tenants/tenants.service.ts';
import { setupTestApp, type TestApp, type TestClient } from '../app.ts';
import { signUpPerson, type Person } from '../people.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner');
  const res = await owner.client.post('/api/v1/tenants', { name: 'Acme' });
  tenantId = ((await res.json()) as { id: string }).id;
});
afterAll(async () => {
  await t?.close();
});

const CURSOR_FIELD =
  'Not a cursor this list gave out for this query. Start again from the first page.';

async function expect400(res: Response, field: string, message = UNSTORABLE_TEXT_MESSAGE) {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = ErrorBodySchema.parse(JSON.parse(text));
  expect(body.error.code).toBe('common.validation');
  expect(body.error.requestId).toBeTypeOf('string');
  expect(body.error.fields?.[field], text).toBe(message);
}

const patch = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'PATCH', json });

describe('a NUL character', () => {
  it('in a path id', async () => {
    await expect400(await owner.client.get('/api/v1/tenants/x%00y'), 'tenantId');
    await expect400(await owner.client.get('/api/v1/tenants/x%00y/shares'), 'tenantId');
    await expect400(await owner.client.request('/api/v1/shares/x%00y', { method: 'DELETE' }), 'id');
    await expect400(
      await owner.client.request('/api/v1/members/x%00y', { method: 'DELETE' }),
      'userId',
    );
    await expect400(
      await owner.client.request('/api/v1/invitations/x%00y', { method: 'DELETE' }),
      'id',
    );
  });

  it('in a path id of a route that needs no session', async () => {
    const anonymous = t.client();
    const email = 'someone@example.com';
    await expect400(
      await anonymous.post('/api/v1/shared-signin/x%00y/code', { email }),
      'tenantId',
    );
    await expect400(
      await anonymous.post('/api/v1/shared-signin/x%00y/verify', { email, code: '123456' }),
      'tenantId',
    );
    await expect400(await anonymous.get('/api/v1/invitations/by-token/x%00y'), 'token');
  });

  it('in a query string', async () => {
    await expect400(await owner.client.get('/api/v1/tenants?q=%00'), 'q');
    await expect400(await owner.client.get('/api/v1/tenants?tag=a%00'), 'tag');
  });

  it('in a JSON string', async () => {
    await expect400(await owner.client.post('/api/v1/tenants', { name: 'a\u0000b' }), 'name');
    await expect400(
      await owner.client.post('/api/v1/tenants', { name: 'a', notes: '\u0000' }),
      'notes',
    );
    await expect400(
      await patch(owner.client, `/api/v1/tenants/${tenantId}`, { tags: ['ok', 'x\u0000'] }),
      'tags.1',
    );
    await expect400(await patch(owner.client, '/api/v1/account', { name: 'a\u0000' }), 'name');
    await expect400(
      await t.client().post('/api/v1/analytics/events', {
        events: [{ name: 'page_view', path: '/\u0000' }],
      }),
      'events.0.path',
    );
  });
});

describe('a lone UTF-16 surrogate in a JSON string', () => {
  it('in the account name and in tenant contacts', async () => {
    await expect400(await patch(owner.client, '/api/v1/account', { name: 'a\ud800' }), 'name');
    await expect400(
      await owner.client.post('/api/v1/tenants', { name: 'a', contacts: [{ name: 'x\udc00' }] }),
      'contacts.0.name',
    );
    await expect400(
      await patch(owner.client, `/api/v1/tenants/${tenantId}`, {
        contacts: [{ name: 'ok', role: '\ud83d' }],
      }),
      'contacts.0.role',
    );
  });

  it('is refused, not stored as U+FFFD', async () => {
    await expect400(await owner.client.post('/api/v1/tenants', { name: 'a\udc00b' }), 'name');
    const list = (await (await owner.client.get('/api/v1/tenants')).json()) as {
      tenants: Array<{ name: string }>;
    };
    expect(list.tenants.map((x) => x.name)).toEqual(['Acme']);
  });
});

describe('a forged keyset cursor', () => {
  const tenantsWith = (sort: 'name' | 'created', cursor: string) =>
    owner.client.get(`/api/v1/tenants?sort=${sort}&cursor=${cursor}`);

  it('of the tenant list: an impossible date, a date out of range, NUL in a key or id', async () => {
    for (const key of [
      '2024-13-45T99:99:99.000000Z',
      '2023-02-29T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      await expect400(
        await tenantsWith('created', encodeTenantCursor('created', 'desc', key, 'x')),
        'cursor',
        CURSOR_FIELD,
      );
    }
    await expect400(
      await tenantsWith('name', encodeTenantCursor('name', 'asc', 'a\u0000', 'x')),
      'cursor',
      CURSOR_FIELD,
    );
    await expect400(
      await tenantsWith('name', encodeTenantCursor('name', 'asc', 'a', 'x\u0000')),
      'cursor',
      CURSOR_FIELD,
    );
  });

  it('of the audit log: a date out of range, not a date, NUL in the id', async () => {
    for (const parts of [
      ['+275760-09-13T00:00:00.000Z', 'x'],
      ['-271821-04-20T00:00:00.000Z', 'x'],
      ['0000-01-01T00:00:00.000Z', 'x'],
      [1e15, 'x'],
      ['2024-01-01T00:00:00.000Z', 'x\u0000'],
    ]) {
      await expect400(
        await owner.client.get(`/api/v1/audit?cursor=${encodeCursor(parts)}`),
        'cursor',
        CURSOR_FIELD,
      );
    }
  });

  it('the audit log still reads the cursors it gave out before (milliseconds)', async () => {
    const res = await owner.client.get(
      `/api/v1/audit?cursor=${encodeCursor(['2999-01-01T00:00:00.000Z', 'x'])}`,
    );
    expect(res.status).toBe(200);
  });
});

describe('an analytics event time', () => {
  it('out of PostgreSQL’s range (year 0) is a 400, not a 500', async () => {
    await expect400(
      await t.client().post('/api/v1/analytics/events', {
        events: [{ name: 'page_view', path: '/', occurredAt: '0000-01-01T00:00:00Z' }],
      }),
      'events.0.occurredAt',
      'Use a time between the years 1970 and 9999.',
    );
  });
});

describe('paging the audit log', () => {
  it('skips no entry of the same millisecond (the cursor keeps microseconds)', async () => {
    const person = await signUpPerson(t, 'auditor');
    // Three entries within one millisecond, microseconds apart, and one a millisecond later.
    const ids: string[] = [];
    for (const us of ['000100', '000200', '000300', '001000']) {
      const id = randomUUID();
      ids.push(id);
      await t.database.db.insert(auditLog).values({
        id,
        accountId: person.tid,
        action: 'account.renamed',
        targetType: 'account',
        createdAt: sql`${`2030-01-01T00:00:00.${us}Z`}::timestamptz`,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const qs: string = cursor ? `&cursor=${cursor}` : '';
      const res = await person.client.get(`/api/v1/audit?limit=1${qs}`);
      const body = (await res.json()) as {
        entries: Array<{ id: string }>;
        nextCursor: string | null;
      };
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});

describe('Better Auth endpoints (/api/auth/*, not in the OpenAPI document)', () => {
  async function expectAuth400(res: Response, field: string) {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(JSON.parse(text)).toEqual({
      code: 'VALIDATION_ERROR',
      message: `[${field}] ${UNSTORABLE_TEXT_MESSAGE}`,
    });
  }

  it('refuse NUL and lone surrogates in sign-up, sign-in and update-user; nobody is made', async () => {
    const anonymous = t.client();
    for (const [user, field] of [
      [{ email: 'nul-name@example.com', name: 'a\u0000' }, 'body.name'],
      [{ email: 'lone-name@example.com', name: 'a\ud800' }, 'body.name'],
      [{ email: 'nul-pw@example.com', name: 'a', password: 'abcdefgh\u0000' }, 'body.password'],
    ] as const) {
      await expectAuth400(await anonymous.signUp(user), field);
      const made = await t.database.db.select().from(users).where(eq(users.email, user.email));
      expect(made).toEqual([]);
    }
    await expectAuth400(await anonymous.signIn(owner.email, 'abcdefgh\ud800'), 'body.password');
    await expectAuth400(
      await owner.client.post('/api/auth/update-user', { name: 'a\u0000' }),
      'body.name',
    );
    await expectAuth400(await anonymous.get('/api/auth/verify-email?token=x%00'), 'query.token');
    const me = (await (await owner.client.get('/api/v1/me')).json()) as { displayName: string };
    expect(me.displayName).toBe('Test User');
  });
});

describe('names with control characters (found by the fuzz suite)', () => {
  it('still make one-line e-mail subjects: inviting and sharing answer 201, not 500', async () => {
    const person = await signUpPerson(t, 'lines');
    const renamed = await patch(person.client, '/api/v1/account', { name: 'Acme\r\nBcc: x' });
    expect(renamed.status).toBe(200);
    const invitee = 'line-break-invitee@example.com';
    const invite = await person.client.post('/api/v1/invitations', {
      email: invitee,
      role: 'member',
    });
    expect(invite.status, await invite.clone().text()).toBe(201);
    const [mail] = await t.mailTo(invitee);
    expect(mail?.subject).toBe('You are invited to join Acme Bcc: x');

    const created = await person.client.post('/api/v1/tenants', { name: 'Client\u0007\nTwo' });
    const tenant = (await created.json()) as { id: string };
    const share = await person.client.post(`/api/v1/tenants/${tenant.id}/shares`, {
      email: 'line-break-share@example.com',
      role: 'viewer',
    });
    expect(share.status, await share.clone().text()).toBe(201);
  });
});
