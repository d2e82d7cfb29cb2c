import { AccountSchema, ErrorBodySchema } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLogos, accounts, auditLog } from '../../db/schema/index.ts';
import { setupTestApp, TEST_ORIGIN, type TestApp } from '../../test/app.ts';
import { addMember, signUpPerson } from '../../test/people.ts';
import { sniffImageType } from './accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);

async function nameOf(id: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row?.name;
}

describe('the account', () => {
  it('a member reads name, no logo, role and the permissions of that role', async () => {
    const owner = await signUpPerson(t, 'owner', 'Olive');
    const member = await addMember(t, owner, 'member');
    const res = await member.client.get('/api/v1/account');
    expect(res.status).toBe(200);
    const account = AccountSchema.parse(await res.json());
    expect(account).toEqual(
      expect.objectContaining({
        id: owner.tid,
        name: "Olive's account",
        logoUrl: null,
        role: 'member',
      }),
    );
    expect(account.permissions).toContain('members.read');
    expect(account.permissions).not.toContain('account.update');
    const mine = AccountSchema.parse(await (await owner.client.get('/api/v1/account')).json());
    expect(mine.role).toBe('owner');
    expect(mine.permissions).toContain('members.manageOwners');
  });

  it('an owner renames it (trimmed), audited; a member cannot', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await owner.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: '  Acme Security  ' },
    });
    expect(res.status).toBe(200);
    expect(AccountSchema.parse(await res.json()).name).toBe('Acme Security');
    expect(await nameOf(owner.tid)).toBe('Acme Security');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'account.renamed')));
    expect(audit).toEqual([
      expect.objectContaining({ data: { from: expect.any(String), to: 'Acme Security' } }),
    ]);
    const refused = await member.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: 'Mine now' },
    });
    expect(refused.status).toBe(403);
    expect(await nameOf(owner.tid)).toBe('Acme Security');
  });

  it('a blank or over-long name gets 400 with the field, nothing written', async () => {
    const owner = await signUpPerson(t, 'owner');
    const before = await nameOf(owner.tid);
    for (const name of ['   ', 'x'.repeat(101), 42]) {
      const res = await owner.client.request('/api/v1/account', {
        method: 'PATCH',
        json: { name },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(await res.json()).error.fields ?? {})).toEqual([
        'name',
      ]);
    }
    expect(await nameOf(owner.tid)).toBe(before);
  });

  it('signed out: 401', async () => {
    expect((await t.client().get('/api/v1/account')).status).toBe(401);
    expect((await t.client().get('/api/v1/account/logo')).status).toBe(401);
  });
});

describe('the logo', () => {
  it('recognises PNG, JPEG and WebP by content only', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('an admin uploads a raw PNG; members get the bytes with safe headers', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const res = await admin.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/jpeg' }, // the declared type is ignored
    });
    expect(res.status).toBe(200);
    const account = AccountSchema.parse(await res.json());
    expect(account.logoUrl).toMatch(/^\/api\/v1\/account\/logo\?v=\d+$/);
    const logo = await member.client.get(account.logoUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-disposition')).toMatch(/^inline/);
    expect(logo.headers.get('cache-control')).toMatch(/private/);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'account.logo_updated')));
    expect(audit).toHaveLength(1);
  });

  it('accepts multipart from a plain file input and replaces the logo', async () => {
    const owner = await signUpPerson(t, 'owner');
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const form = new FormData();
      form.append('logo', new Blob([bytes], { type: 'application/octet-stream' }), 'logo.bin');
      const res = await owner.client.request('/api/v1/account/logo', { method: 'PUT', body: form });
      expect(res.status).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(accountLogos)
        .where(eq(accountLogos.accountId, owner.tid));
      expect(row?.contentType).toBe(type);
    }
  });

  it('refuses a non-image (SVG, text) with 400 and a file over 1 MB with 413; nothing stored', async () => {
    const owner = await signUpPerson(t, 'owner');
    const svg = await owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      headers: { 'content-type': 'image/png' },
    });
    expect(svg.status).toBe(400);
    expect(ErrorBodySchema.parse(await svg.json()).error.fields).toEqual({
      file: expect.any(String),
    });
    const empty = await owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: new Uint8Array(0),
      headers: { 'content-type': 'image/png' },
    });
    expect(empty.status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: big,
      headers: { 'content-type': 'image/png' },
    });
    expect(tooBig.status).toBe(413);
    const rows = await t.database.db
      .select()
      .from(accountLogos)
      .where(eq(accountLogos.accountId, owner.tid));
    expect(rows).toEqual([]);
    expect((await owner.client.get('/api/v1/account/logo')).status).toBe(404);
  });

  it('a member cannot upload; a cross-site upload is refused', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await member.client.request('/api/v1/account/logo', { method: 'PUT', body: PNG });
    expect(res.status).toBe(403);
    const csrf = await owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: PNG,
      headers: { origin: 'https://evil.example' },
    });
    expect(csrf.status).toBe(403);
    expect(TEST_ORIGIN).not.toBe('https://evil.example');
    const rows = await t.database.db
      .select()
      .from(accountLogos)
      .where(eq(accountLogos.accountId, owner.tid));
    expect(rows).toEqual([]);
  });

  it('another account’s member sees only their own account’s logo', async () => {
    const a = await signUpPerson(t, 'a-owner');
    const b = await signUpPerson(t, 'b-owner');
    await a.client.request('/api/v1/account/logo', { method: 'PUT', body: PNG });
    expect((await b.client.get('/api/v1/account/logo')).status).toBe(404);
  });
});
