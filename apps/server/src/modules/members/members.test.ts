import { ErrorBodySchema, MemberListSchema } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { auditActions } from '../../test/data.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function membershipsOf(accountId: string) {
  return t.database.db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
}

async function roleOf(accountId: string, userId: string) {
  const [row] = await t.database.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

describe('listing members', () => {
  it('every member sees who belongs to the account, with role and join time', async () => {
    const owner = await signUpPerson(t, 'owner', 'Olive Owner');
    const member = await addMember(t, owner, 'member');
    const res = await member.client.get('/api/v1/members');
    expect(res.status).toBe(200);
    const { members } = MemberListSchema.parse(await res.json());
    expect(members).toEqual([
      expect.objectContaining({
        userId: owner.uid,
        name: 'Olive Owner',
        email: owner.email,
        role: 'owner',
      }),
      expect.objectContaining({ userId: member.uid, email: member.email, role: 'member' }),
    ]);
    expect(Date.parse(members[0]!.joinedAt)).not.toBeNaN();
  });

  it('is refused to a signed-out visitor', async () => {
    expect((await t.client().get('/api/v1/members')).status).toBe(401);
  });
});

describe('changing roles', () => {
  it('an owner promotes a member to admin and it is audited', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await owner.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      expect.objectContaining({ userId: member.uid, role: 'admin' }),
    );
    expect(await roleOf(owner.tid, member.uid)).toBe('admin');
    expect(await auditActions(t, owner.tid, { targetId: member.uid })).toContain(
      'members.role_changed',
    );
  });

  it('an admin cannot make anyone an owner, nor demote an owner (403), nothing changes', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const promote = await admin.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'owner' },
    });
    expect(promote.status).toBe(403);
    const self = await admin.client.request(`/api/v1/members/${admin.uid}`, {
      method: 'PATCH',
      json: { role: 'owner' },
    });
    expect(self.status).toBe(403);
    const demote = await admin.client.request(`/api/v1/members/${owner.uid}`, {
      method: 'PATCH',
      json: { role: 'member' },
    });
    expect(demote.status).toBe(403);
    expect(await membershipsOf(owner.tid)).toEqual(
      expect.arrayContaining([
        { userId: owner.uid, role: 'owner' },
        { userId: admin.uid, role: 'admin' },
        { userId: member.uid, role: 'member' },
      ]),
    );
  });

  it('an admin may move a non-owner between admin and member', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const res = await admin.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(await roleOf(owner.tid, member.uid)).toBe('admin');
  });

  it('a member cannot change roles', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await member.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(res.status).toBe(403);
    expect(await roleOf(owner.tid, member.uid)).toBe('member');
  });

  it('the last owner cannot be demoted (409 members.last_owner); with two owners one can', async () => {
    const owner = await signUpPerson(t, 'owner');
    const demote = await owner.client.request(`/api/v1/members/${owner.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(demote.status).toBe(409);
    expect(await errorCode(demote)).toBe('members.last_owner');
    expect(await roleOf(owner.tid, owner.uid)).toBe('owner');

    const second = await addMember(t, owner, 'owner');
    const ok = await owner.client.request(`/api/v1/members/${owner.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(ok.status).toBe(200);
    expect(await roleOf(owner.tid, owner.uid)).toBe('admin');
    // second is now the last owner
    const again = await second.client.request(`/api/v1/members/${second.uid}`, {
      method: 'PATCH',
      json: { role: 'member' },
    });
    expect(again.status).toBe(409);
  });

  it('a bad role gets 400 with the field', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await owner.client.request(`/api/v1/members/${member.uid}`, {
      method: 'PATCH',
      json: { role: 'emperor' },
    });
    expect(res.status).toBe(400);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('common.validation');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['role']);
    expect(await roleOf(owner.tid, member.uid)).toBe('member');
  });

  it('an unknown user id answers 404', async () => {
    const owner = await signUpPerson(t, 'owner');
    const res = await owner.client.request('/api/v1/members/nobody-here', {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(res.status).toBe(404);
  });
});

describe('removing members and leaving', () => {
  it('an admin removes a member, who loses the account on the next request', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const res = await admin.client.request(`/api/v1/members/${member.uid}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await roleOf(owner.tid, member.uid)).toBeNull();
    const me = (await (await member.client.get('/api/v1/me')).json()) as { tid: string };
    expect(me.tid).not.toBe(owner.tid);
    const [user] = await t.database.db
      .select({ active: users.activeAccountId })
      .from(users)
      .where(eq(users.id, member.uid));
    expect(user?.active).toBeNull();
    expect(await auditActions(t, owner.tid, { targetId: member.uid })).toContain('members.removed');
  });

  it('an admin cannot remove an owner; a member cannot remove anyone', async () => {
    const owner = await signUpPerson(t, 'owner');
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    expect(
      (await admin.client.request(`/api/v1/members/${owner.uid}`, { method: 'DELETE' })).status,
    ).toBe(403);
    expect(
      (await member.client.request(`/api/v1/members/${admin.uid}`, { method: 'DELETE' })).status,
    ).toBe(403);
    expect(await membershipsOf(owner.tid)).toHaveLength(3);
  });

  it('the last owner cannot be removed nor leave (409)', async () => {
    const owner = await signUpPerson(t, 'owner');
    const remove = await owner.client.request(`/api/v1/members/${owner.uid}`, {
      method: 'DELETE',
    });
    expect(remove.status).toBe(409);
    expect(await errorCode(remove)).toBe('members.last_owner');
    const leave = await owner.client.post('/api/v1/members/leave', {});
    expect(leave.status).toBe(409);
    expect(await errorCode(leave)).toBe('members.last_owner');
    expect(await roleOf(owner.tid, owner.uid)).toBe('owner');
  });

  it('an owner removes another owner', async () => {
    const owner = await signUpPerson(t, 'owner');
    const second = await addMember(t, owner, 'owner');
    const res = await owner.client.request(`/api/v1/members/${second.uid}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await roleOf(owner.tid, second.uid)).toBeNull();
  });

  it('a member leaves: membership gone, active account cleared, back to their own account', async () => {
    const owner = await signUpPerson(t, 'owner');
    const member = await addMember(t, owner, 'member');
    const res = await member.client.post('/api/v1/members/leave', {});
    expect(res.status).toBe(204);
    expect(await roleOf(owner.tid, member.uid)).toBeNull();
    const [user] = await t.database.db
      .select({ active: users.activeAccountId })
      .from(users)
      .where(eq(users.id, member.uid));
    expect(user?.active).toBeNull();
    const me = (await (await member.client.get('/api/v1/me')).json()) as { tid: string };
    expect(me.tid).not.toBe(owner.tid);
    expect(await auditActions(t, owner.tid, { targetId: member.uid })).toContain('members.left');
  });

  it('leaving is refused signed out', async () => {
    expect((await t.client().post('/api/v1/members/leave', {})).status).toBe(401);
  });
});

describe('outsiders', () => {
  let a: Person;
  let aMember: Person;
  let b: Person;
  beforeAll(async () => {
    a = await signUpPerson(t, 'a-owner');
    aMember = await addMember(t, a, 'member');
    b = await signUpPerson(t, 'b-owner');
  });

  it('an owner of another account gets 404 changing or removing a member of this one', async () => {
    const before = await membershipsOf(a.tid);
    const patch = await b.client.request(`/api/v1/members/${aMember.uid}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(patch.status).toBe(404);
    const del = await b.client.request(`/api/v1/members/${aMember.uid}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    const delOwner = await b.client.request(`/api/v1/members/${a.uid}`, { method: 'DELETE' });
    expect(delOwner.status).toBe(404);
    expect(await membershipsOf(a.tid)).toEqual(before);
  });

  it('another account’s member list shows only its own members', async () => {
    const { members } = MemberListSchema.parse(
      await (await b.client.get('/api/v1/members')).json(),
    );
    expect(members.map((m) => m.userId)).toEqual([b.uid]);
  });
});
