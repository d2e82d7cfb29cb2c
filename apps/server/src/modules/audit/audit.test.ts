import { AuditPageSchema, ErrorBodySchema } from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { addMember, signUpPerson } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('reading the audit log', () => {
  it('an owner pages through the account’s entries newest first with a keyset cursor', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member'); // members.invited, members.joined
    for (const name of ['One', 'Two', 'Three']) {
      await owner.client.request('/api/v1/account', { method: 'PATCH', json: { name } });
    }
    await owner.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    const actions: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const qs: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await owner.client.get(`/api/v1/audit?limit=2${qs}`);
      expect(res.status).toBe(200);
      const page = AuditPageSchema.parse(await res.json());
      expect(page.entries.length).toBeLessThanOrEqual(2);
      actions.push(...page.entries.map((e) => e.action));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(actions).toEqual([
      'members.role_changed',
      'account.renamed',
      'account.renamed',
      'account.renamed',
      'members.joined',
      'members.invited',
    ]);
    expect(pages).toBe(3);
  });

  it('an admin may read it; a member may not (403); signed out 401', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    expect((await admin.client.get('/api/v1/audit')).status).toBe(200);
    expect((await member.client.get('/api/v1/audit')).status).toBe(403);
    expect((await t.client().get('/api/v1/audit')).status).toBe(401);
  });

  it('another account’s entries never show', async () => {
    const a = await signUpPerson(t, 'a-owner');
    await a.client.post('/api/v1/invitations', { email: uniqueEmail(), role: 'member' });
    const b = await signUpPerson(t, 'b-owner');
    const page = AuditPageSchema.parse(await (await b.client.get('/api/v1/audit')).json());
    expect(page).toEqual({ entries: [], nextCursor: null });
  });

  it('a bad cursor or limit gets 400 with the field', async () => {
    const owner = await signUpPerson(t, 'owner');
    const bad = await owner.client.get('/api/v1/audit?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(await bad.json()).error.fields ?? {})).toEqual([
      'cursor',
    ]);
    const limit = await owner.client.get('/api/v1/audit?limit=0');
    expect(limit.status).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(await limit.json()).error.fields ?? {})).toEqual([
      'limit',
    ]);
  });
});
