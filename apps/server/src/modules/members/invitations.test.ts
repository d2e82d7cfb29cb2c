import {
  ErrorBodySchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, memberships, users } from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { hashInvitationToken } from './invitations.service.ts';
import {
  addMember,
  errorCode,
  invitationToken,
  signUpPerson,
  type Person,
} from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function invite(by: Person, email: string, role = 'member') {
  return by.client.post('/api/v1/invitations', { email, role });
}

async function invitationRows(accountId: string) {
  return t.database.db
    .select()
    .from(invitations)
    .where(eq(invitations.accountId, accountId))
    .orderBy(invitations.createdAt);
}

async function membership(accountId: string, userId: string) {
  const [row] = await t.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row ?? null;
}

describe('inviting', () => {
  it('an owner invites by e-mail: stored hashed, e-mailed with the link, listed, audited', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('Invitee').toUpperCase();
    const res = await invite(owner, email, 'admin');
    expect(res.status).toBe(201);
    const body = InvitationSchema.parse(await res.json());
    expect(body).toEqual(
      expect.objectContaining({
        email: email.toLowerCase(),
        role: 'admin',
        invitedByEmail: owner.email,
      }),
    );
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    const days = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const token = await invitationToken(t, email.toLowerCase());
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [mail] = await t.mailTo(email.toLowerCase());
    expect(mail?.text).toContain(`http://localhost:3000/invitations/${token}`);
    const [row] = await invitationRows(owner.tid);
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const list = InvitationListSchema.parse(
      await (await owner.client.get('/api/v1/invitations')).json(),
    );
    expect(list.invitations.map((i) => i.id)).toEqual([body.id]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'members.invited')));
    expect(audit).toHaveLength(1);
  });

  it('inviting the same address again replaces the pending invitation (old link dead)', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('twice');
    expect((await invite(owner, email)).status).toBe(201);
    const first = await invitationToken(t, email);
    expect((await invite(owner, email, 'admin')).status).toBe(201);
    const second = await invitationToken(t, email);
    expect(second).not.toBe(first);
    const rows = await invitationRows(owner.tid);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
    expect(rows[1]?.revokedAt).toBeNull();
    const old = InvitationPreviewSchema.parse(
      await (await t.client().get(`/api/v1/invitations/by-token/${first}`)).json(),
    );
    expect(old.status).toBe('revoked');
    const list = InvitationListSchema.parse(
      await (await owner.client.get('/api/v1/invitations')).json(),
    );
    expect(list.invitations).toEqual([expect.objectContaining({ email, role: 'admin' })]);
  });

  it('an existing member’s address gets 409 members.already_member', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await invite(owner, member.email.toUpperCase());
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('members.already_member');
    const self = await invite(owner, owner.email);
    expect(self.status).toBe(409);
  });

  it('an admin cannot invite an owner (403); a member cannot invite at all (403)', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const before = (await invitationRows(owner.tid)).length;
    expect((await invite(admin, uniqueEmail(), 'owner')).status).toBe(403);
    expect((await invite(admin, uniqueEmail(), 'admin')).status).toBe(201);
    expect((await invite(member, uniqueEmail(), 'member')).status).toBe(403);
    expect((await member.client.get('/api/v1/invitations')).status).toBe(403);
    expect(await invitationRows(owner.tid)).toHaveLength(before + 1);
  });

  it('bad input gets 400 with the fields', async () => {
    const owner = await signUpPerson(t, 'owner');
    const res = await owner.client.post('/api/v1/invitations', {
      email: 'not-an-email',
      role: 'king',
    });
    expect(res.status).toBe(400);
    const body = ErrorBodySchema.parse(await res.json());
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['email', 'role']);
    expect(await invitationRows(owner.tid)).toHaveLength(0);
  });

  it('signed out, inviting answers 401', async () => {
    expect(
      (await t.client().post('/api/v1/invitations', { email: uniqueEmail(), role: 'member' }))
        .status,
    ).toBe(401);
  });
});

describe('revoking', () => {
  it('an admin revokes a pending invitation: the link answers revoked and cannot be accepted', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('revoked');
    const { id } = InvitationSchema.parse(await (await invite(owner, email)).json());
    const token = await invitationToken(t, email);
    const res = await owner.client.request(`/api/v1/invitations/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(
      (await owner.client.request(`/api/v1/invitations/${id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const preview = InvitationPreviewSchema.parse(
      await (await t.client().get(`/api/v1/invitations/by-token/${token}`)).json(),
    );
    expect(preview.status).toBe('revoked');
    const invitee = t.client();
    await invitee.signUp({ email });
    const accept = await invitee.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(accept.status).toBe(410);
    expect(await errorCode(accept)).toBe('members.invitation_unusable');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'members.invitation_revoked')),
      );
    expect(audit).toEqual([expect.objectContaining({ targetId: id })]);
  });
});

describe('accepting', () => {
  it('a new user signs up with the invited address and accepts: member with the role, tid switches', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('newbie');
    await invite(owner, email, 'admin');
    const token = await invitationToken(t, email);

    const visitor = t.client();
    const preview = await visitor.get(`/api/v1/invitations/by-token/${token}`);
    expect(preview.status).toBe(200);
    const account = (await (await owner.client.get('/api/v1/account')).json()) as { name: string };
    expect(InvitationPreviewSchema.parse(await preview.json())).toEqual(
      expect.objectContaining({
        accountName: account.name,
        role: 'admin',
        email,
        status: 'pending',
      }),
    );
    expect((await visitor.post(`/api/v1/invitations/by-token/${token}/accept`, {})).status).toBe(
      401,
    );

    await visitor.signUp({ email });
    const accepted = await visitor.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({
      accountId: owner.tid,
      accountName: account.name,
      role: 'admin',
    });
    const me = (await (await visitor.get('/api/v1/me')).json()) as { uid: string; tid: string };
    expect(me.tid).toBe(owner.tid);
    expect(await membership(owner.tid, me.uid)).toEqual(expect.objectContaining({ role: 'admin' }));
    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.uid));
    expect(user?.activeAccountId).toBe(owner.tid);
    const [row] = await invitationRows(owner.tid);
    expect(row).toEqual(
      expect.objectContaining({ acceptedBy: me.uid, acceptedAt: expect.any(Date) }),
    );
    const joined = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'members.joined')));
    expect(joined).toEqual([expect.objectContaining({ targetId: me.uid, actorUserId: me.uid })]);

    // Used once: a second accept and the preview say so.
    const again = await visitor.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(again.status).toBe(410);
    const after = InvitationPreviewSchema.parse(
      await (await t.client().get(`/api/v1/invitations/by-token/${token}`)).json(),
    );
    expect(after.status).toBe('accepted');
    expect(
      InvitationListSchema.parse(await (await owner.client.get('/api/v1/invitations')).json())
        .invitations,
    ).toEqual([]);
  });

  it('an existing user signs in and accepts (e-mail compared case-insensitively)', async () => {
    const owner = await signUpPerson(t, 'owner');
    const existing = await signUpPerson(t, 'existing');
    await invite(owner, existing.email.toUpperCase(), 'member');
    const token = await invitationToken(t, existing.email);
    const res = await existing.client.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(res.status).toBe(200);
    const me = (await (await existing.client.get('/api/v1/me')).json()) as { tid: string };
    expect(me.tid).toBe(owner.tid);
    // Their own account remains theirs.
    expect(await membership(existing.tid, existing.uid)).toEqual(
      expect.objectContaining({ role: 'owner' }),
    );
  });

  it('someone signed in with another address gets 403 with a clear message; nothing changes', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('intended');
    await invite(owner, email);
    const token = await invitationToken(t, email);
    const other = await signUpPerson(t, 'other');
    const res = await other.client.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(res.status).toBe(403);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('members.email_mismatch');
    expect(body.error.message).toContain(email);
    expect(body.error.message).toContain(other.email);
    expect(await membership(owner.tid, other.uid)).toBeNull();
    const [row] = await invitationRows(owner.tid);
    expect(row?.acceptedAt).toBeNull();
  });

  it('an expired invitation answers expired and 410 on accept', async () => {
    const owner = await signUpPerson(t, 'owner');
    const email = uniqueEmail('late');
    await invite(owner, email);
    const token = await invitationToken(t, email);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.tokenHash, hashInvitationToken(token)));
    const preview = InvitationPreviewSchema.parse(
      await (await t.client().get(`/api/v1/invitations/by-token/${token}`)).json(),
    );
    expect(preview.status).toBe('expired');
    const invitee = t.client();
    await invitee.signUp({ email });
    const res = await invitee.post(`/api/v1/invitations/by-token/${token}/accept`, {});
    expect(res.status).toBe(410);
    expect(await errorCode(res)).toBe('members.invitation_unusable');
    expect(
      InvitationListSchema.parse(await (await owner.client.get('/api/v1/invitations')).json())
        .invitations,
    ).toEqual([]);
    // A fresh invitation replaces the expired one.
    expect((await invite(owner, email)).status).toBe(201);
  });

  it('an unknown token answers 404 to the preview and to accept', async () => {
    const user = await signUpPerson(t, 'guesser');
    expect((await t.client().get('/api/v1/invitations/by-token/not-a-real-token')).status).toBe(
      404,
    );
    expect(
      (await user.client.post('/api/v1/invitations/by-token/not-a-real-token/accept', {})).status,
    ).toBe(404);
  });
});

describe('outsiders', () => {
  it('an owner of another account gets 404 revoking this account’s invitation; row unchanged', async () => {
    const a = await signUpPerson(t, 'a-owner');
    const b = await signUpPerson(t, 'b-owner');
    const { id } = InvitationSchema.parse(await (await invite(a, uniqueEmail('target'))).json());
    const before = await invitationRows(a.tid);
    const res = await b.client.request(`/api/v1/invitations/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await invitationRows(a.tid)).toEqual(before);
    const list = InvitationListSchema.parse(
      await (await b.client.get('/api/v1/invitations')).json(),
    );
    expect(list.invitations).toEqual([]);
  });
});
