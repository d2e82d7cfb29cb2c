import { spawnSync } from 'node:child_process';
import {
  BrandSchema,
  RespondentLinkSchema,
  RespondentSessionSchema,
  SharedSignInSharerSchema,
  TenantDetailSchema,
  type UpdateBrandInput,
} from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, shareGrants } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { addTenant, assessed, auditActions, ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, type Person } from '../../test/people.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;

const BRAND: UpdateBrandInput = {
  color: '#1864AB',
  displayName: 'Northwind, Security & Co',
  replyTo: 'help@northwind.example',
  emailFooter: 'Northwind Security Ltd · 1 Harbour Street\nCall us on 0123 456',
};

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t, { tenant: 'Contoso' }));
  const logo = await sharp({
    create: { width: 90, height: 30, channels: 3, background: '#1864ab' },
  })
    .png()
    .toBuffer();
  await ok(
    owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: new Uint8Array(logo),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const putBrand = (who: Person, json: UpdateBrandInput) =>
  who.client.request('/api/v1/account/brand', { method: 'PUT', json });
const respond = (token: string) => ({ 'x-respondent-token': token });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Puts the account on Free: created long ago, no subscription (the trial is over). */
async function endTrial(accountId: string) {
  await t.database.db
    .update(accounts)
    .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
    .where(eq(accounts.id, accountId));
}

let counter = 0;
async function respondent(who: Person, tid: string, fid: string) {
  const base = `/api/v1/tenants/${tid}/assessments`;
  const a = await ok<{ id: string }>(
    who.client.post(base, { frameworkId: fid, version: 1, name: 'Quarterly check' }),
    201,
  );
  const email = `client-${++counter}@example.com`;
  const added = RespondentLinkSchema.parse(
    await ok(
      who.client.post(`${base}/${a.id}/respondents`, {
        name: 'Jo Client',
        email,
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        sendEmail: true,
      }),
      201,
    ),
  );
  return { email, token: tokenOf(added.link), assessmentId: a.id };
}

describe('saving the brand', () => {
  it('refuses a colour white text is not readable on, giving the ratio', async () => {
    const yellow = await putBrand(owner, { ...BRAND, color: '#ffcc00' });
    expect(yellow.status).toBe(400);
    const body = (await yellow.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe('account.brand_low_contrast');
    expect(body.error.message).toContain('white text on it (buttons)');
    expect(body.error.message).toContain("as text on the pages' light grey");
    expect(body.error.message).toContain('1.43:1');
    expect(body.error.message).toContain('4.5:1');
    expect(body.error.fields.color).toBe(body.error.message);
    // Links sit on the pages' light grey (#f8f9fa), which decides: #767676 reaches 4.54:1 on
    // white but 4.30:1 on the grey and is refused; #727272 (4.56:1 on the grey) is taken.
    const grey = await putBrand(owner, { ...BRAND, color: '#767676' });
    expect(grey.status).toBe(400);
    expect(((await grey.json()) as { error: { message: string } }).error.message).toContain(
      '4.30:1',
    );
    await ok(putBrand(owner, { ...BRAND, color: '#727272' }));
  });

  it('refuses a malformed colour, a name a header cannot carry, a bad address, a long footer', async () => {
    for (const [field, value] of [
      ['color', 'blue'],
      ['color', '#12345'],
      ['displayName', 'Evil <x@evil.example>'],
      ['displayName', 'Two\nlines'],
      ['replyTo', 'not an address'],
      ['emailFooter', 'x'.repeat(501)],
    ] as const) {
      const res = await putBrand(owner, { ...BRAND, [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(body.error.fields ?? {})).toContain(field);
    }
  });

  it('saves, reads back, audits the fields that changed; a member may read, not save', async () => {
    const saved = BrandSchema.parse(await ok(putBrand(owner, BRAND)));
    expect(saved).toMatchObject({
      color: '#1864ab',
      displayName: 'Northwind, Security & Co',
      replyTo: 'help@northwind.example',
      emailFooter: BRAND.emailFooter,
      applied: true,
    });
    expect(saved.logoUrl).toMatch(/^\/api\/v1\/media\//);
    expect(await auditActions(t, owner.tid, { prefix: 'account.brand' })).toContain(
      'account.brand_updated',
    );
    const member = await addMember(t, owner, 'member');
    expect(BrandSchema.parse(await ok(member.client.get('/api/v1/account/brand')))).toEqual(saved);
    const refused = await member.client.request('/api/v1/account/brand', {
      method: 'PUT',
      json: { ...BRAND, color: null },
    });
    expect(refused.status).toBe(403);
    // Cleared fields are null; nothing else moved.
    const cleared = BrandSchema.parse(
      await ok(putBrand(owner, { ...BRAND, replyTo: '', emailFooter: null })),
    );
    expect(cleared).toMatchObject({ replyTo: null, emailFooter: null, color: '#1864ab' });
    await ok(putBrand(owner, BRAND));
  });
});

describe('where clients see it', () => {
  it('the respondent page and its logo, the invitation e-mail with Reply-To, name, colour, footer', async () => {
    const r = await respondent(owner, tenantId, frameworkId);
    const session = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(r.token) })),
    );
    expect(session.brand).toMatchObject({ name: 'Northwind, Security & Co', color: '#1864ab' });
    expect(session.brand.logoUrl).toMatch(/^\/api\/v1\/brand-logos\//);
    const logo = await t.client().get(session.brand.logoUrl!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');
    expect(logo.headers.get('cache-control')).toContain('public');

    const [mail] = await t.mailTo(r.email);
    expect(mail!.from).toMatch(/^"Northwind, Security & Co" <[^>]+>$/);
    expect(mail!.replyTo).toBe('help@northwind.example');
    expect(mail!.text).toContain('of Northwind, Security & Co asks you');
    expect(mail!.text).toContain('— Northwind, Security & Co');
    expect(mail!.text).toContain('Call us on 0123 456');
    expect(mail!.html).toContain('background:#1864ab');
    expect(mail!.html).toContain('/api/v1/brand-logos/');
    expect(mail!.html).toContain('1 Harbour Street<br>Call us on 0123 456');
  });

  it('the share invitation, the shared sign-in code, the sign-in page and the shared layout', async () => {
    const shared = await sharedUser(t, owner, tenantId, 'viewer');
    const [grant] = await t.database.db
      .select()
      .from(shareGrants)
      .where(eq(shareGrants.tenantId, tenantId));
    const mails = await t.mailTo(grant!.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your Tenantry sign-in code/),
        expect.stringMatching(/^Northwind, Security & Co shared “Contoso”/),
      ]),
    );
    for (const m of mails) {
      expect(m.from).toMatch(/^"Northwind, Security & Co" </);
      expect(m.replyTo).toBe('help@northwind.example');
      expect(m.text).toContain('Call us on 0123 456');
    }
    const sharer = SharedSignInSharerSchema.parse(
      await ok(t.client().get(`/api/v1/shared-signin/${tenantId}/shares/${grant!.id}`)),
    );
    expect(sharer.brand).toMatchObject({ name: 'Northwind, Security & Co', color: '#1864ab' });
    const tenant = TenantDetailSchema.parse(await ok(shared.get(`/api/v1/tenants/${tenantId}`)));
    expect(tenant.access.brand).toMatchObject({ color: '#1864ab' });
    // A member's answer carries none (they are not the provider's client).
    const mine = TenantDetailSchema.parse(
      await ok(owner.client.get(`/api/v1/tenants/${tenantId}`)),
    );
    expect(mine.access.brand).toBeNull();
  });

  it.skipIf(spawnSync('pdftotext', ['-v']).status !== 0)(
    'the PDF cover shows the display name',
    async () => {
      const a = await assessed(
        { Q1: { value: 'no' } },
        { client: owner.client, tenantId, frameworkId, name: 'Cover' },
      );
      const report = await ok<{ id: string }>(
        owner.client.post(`/api/v1/tenants/${tenantId}/assessments/${a.id}/reports`, {}),
        202,
      );
      const res = await owner.client.get(`/api/v1/tenants/${tenantId}/reports/${report.id}/file`);
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      const out = spawnSync('pdftotext', ['-l', '1', '-enc', 'UTF-8', '-', '-'], { input: pdf });
      const cover = out.stdout.toString('utf8').replace(/\s+/g, ' ');
      expect(cover).toContain('Northwind, Security & Co');
      expect(cover).toContain('Prepared by Northwind, Security & Co.');
    },
  );
});

describe('on the Free plan', () => {
  it('is readable, not saved (402), and not applied to pages, e-mails or the logo URL', async () => {
    const other = await ownerWithFramework(t, { tenant: 'Fabrikam' });
    const logo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await ok(
      other.owner.client.request('/api/v1/account/logo', {
        method: 'PUT',
        body: new Uint8Array(logo),
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    await ok(putBrand(other.owner, BRAND));
    const brandOnTrial = BrandSchema.parse(
      await ok(other.owner.client.get('/api/v1/account/brand')),
    );
    await endTrial(other.owner.tid);
    const refused = await putBrand(other.owner, { ...BRAND, color: '#000000' });
    expect(refused.status).toBe(402);
    expect(await errorCode(refused)).toBe('billing.feature_locked');
    const kept = BrandSchema.parse(await ok(other.owner.client.get('/api/v1/account/brand')));
    expect(kept).toEqual({ ...brandOnTrial, applied: false });

    // Free allows 3 tenants: this account has one.
    const tid = await addTenant(t, other.owner.tid, 'Tailspin');
    const r = await respondent(other.owner, tid, other.frameworkId);
    const session = RespondentSessionSchema.parse(
      await ok(t.client().get('/api/v1/respond', { headers: respond(r.token) })),
    );
    expect(session.brand).toEqual({ name: session.accountName, color: null, logoUrl: null });
    const [mail] = await t.mailTo(r.email);
    expect(mail!.replyTo).toBeNull();
    expect(mail!.text).toContain('— Tenantry');
    expect(mail!.text).not.toContain('Call us on');
    expect(mail!.html).toContain('background:#228be6');
    // The logo's public URL answers only while the plan applies the brand.
    const id = kept.logoUrl!.split('/').pop()!;
    expect((await t.client().get(`/api/v1/brand-logos/${id}`)).status).toBe(404);
  });
});
