import { AccountSchema, ErrorBodySchema } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, media } from '../../db/schema/index.ts';
import { setupTestApp, TEST_ORIGIN, type TestApp } from '../../test/app.ts';
import { addMember, errorCode, signUpPerson } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A real image of `format`, 40 × 30, half-transparent red (JPEG: opaque). */
const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff000080' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));
let PNG: Uint8Array<ArrayBuffer>;
let JPEG: Uint8Array<ArrayBuffer>;
let WEBP: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([image('png'), image('jpeg'), image('webp')]);
});

/** The pixels of an image (RGBA), to compare an upload with what the server stored. */
async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function logoRows(accountId: string) {
  return t.database.db
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'account_logo')));
}

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
    const put = await t.client().request('/api/v1/account/logo', {
      method: 'PUT',
      body: new Uint8Array([1]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(401);
  });
});

describe('the logo', () => {
  it('an admin uploads a raw PNG; stored re-encoded, members get it by id with safe headers', async () => {
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
    const [row] = await logoRows(owner.tid);
    expect(account.logoUrl).toBe(`/api/v1/media/${row?.id}`);
    expect(row).toEqual(
      expect.objectContaining({ contentType: 'image/webp', width: 40, height: 30 }),
    );
    const logo = await member.client.get(account.logoUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-disposition')).toBe(`inline; filename="${row?.id}.webp"`);
    expect(logo.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = Buffer.from(await logo.arrayBuffer());
    // The server's bytes, not the upload's: the same picture (lossless), re-encoded as WebP.
    expect(bytes.equals(PNG)).toBe(false);
    expect(bytes.equals(row!.data)).toBe(true);
    expect(await pixels(bytes)).toEqual(await pixels(PNG));
    // The account's "current logo" URL serves the same bytes, revalidated on each use.
    const current = await member.client.get('/api/v1/account/logo');
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await current.arrayBuffer()).equals(bytes)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'account.logo_updated')));
    expect(audit).toEqual([
      expect.objectContaining({
        data: {
          mediaId: row?.id,
          contentType: 'image/webp',
          width: 40,
          height: 30,
          bytes: row?.data.length,
        },
      }),
    ]);
  });

  it('accepts multipart from a plain file input; each upload replaces the logo (new id)', async () => {
    const owner = await signUpPerson(t, 'owner');
    const seen: string[] = [];
    for (const bytes of [JPEG, WEBP]) {
      const form = new FormData();
      form.append('logo', new Blob([bytes], { type: 'application/octet-stream' }), 'logo.bin');
      const res = await owner.client.request('/api/v1/account/logo', { method: 'PUT', body: form });
      expect(res.status).toBe(200);
      const rows = await logoRows(owner.tid);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contentType).toBe('image/webp');
      expect(AccountSchema.parse(await res.json()).logoUrl).toBe(`/api/v1/media/${rows[0]?.id}`);
      seen.push(rows[0]!.id);
    }
    expect(new Set(seen).size).toBe(2);
    // The replaced image is gone, not just unlinked.
    expect((await owner.client.get(`/api/v1/media/${seen[0]}`)).status).toBe(404);
    expect((await owner.client.get(`/api/v1/media/${seen[1]}`)).status).toBe(200);
  });

  it('refuses a non-image (SVG, text, a PNG signature and garbage) with 400, over 1 MB with 413; nothing stored', async () => {
    const owner = await signUpPerson(t, 'owner');
    for (const body of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'just text',
      Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>'.repeat(8))]),
    ]) {
      const res = await owner.client.request('/api/v1/account/logo', {
        method: 'PUT',
        body,
        headers: { 'content-type': 'image/png' },
      });
      expect(res.status).toBe(400);
      const { error } = ErrorBodySchema.parse(await res.json());
      expect(error.code).toBe('media.not_an_image');
      expect(error.fields).toEqual({ file: expect.any(String) });
    }
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
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1024 * 1024 + 1)]), 'big.png');
    const tooBigForm = await owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: form,
    });
    expect(tooBigForm.status).toBe(413);
    expect(await errorCode(tooBigForm)).toMatch(/^(media\.too_large|common\.bad_request)$/);
    expect(await logoRows(owner.tid)).toEqual([]);
    expect((await owner.client.get('/api/v1/account/logo')).status).toBe(404);
    expect(
      AccountSchema.parse(await (await owner.client.get('/api/v1/account')).json()).logoUrl,
    ).toBeNull();
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
    expect(await logoRows(owner.tid)).toEqual([]);
  });

  it('another account’s member sees only their own account’s logo', async () => {
    const a = await signUpPerson(t, 'a-owner');
    const b = await signUpPerson(t, 'b-owner');
    const res = await a.client.request('/api/v1/account/logo', { method: 'PUT', body: PNG });
    const { logoUrl } = AccountSchema.parse(await res.json());
    expect((await b.client.get('/api/v1/account/logo')).status).toBe(404);
    expect((await b.client.get(logoUrl!)).status).toBe(404);
    expect(
      AccountSchema.parse(await (await b.client.get('/api/v1/account')).json()).logoUrl,
    ).toBeNull();
  });
});
