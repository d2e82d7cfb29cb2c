/**
 * The fixture world of the outsider suite: a victim account holding the test world's targets
 * (../world/targets.ts), the personas that try to reach it, and the controls (the victim's
 * owner, a system admin).
 *
 * Rows are written directly or through the services (not through the API) so the world does
 * not depend on the routes under test; personas a module does not support yet are marked
 * unavailable with the reason, and their tests are skipped (never silently passed).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_SCOPES, RESPONDENT_TOKEN_HEADER } from '@tenantry/shared';
import { membershipReaches } from '../../auth/tenant-access.ts';
import { queryRows } from '../../db/client.ts';
import {
  apiKeys,
  memberships,
  respondents,
  sessions,
  shareGrants,
  users,
} from '../../db/schema/index.ts';
import { createApiKey } from '../../modules/api-keys/api-keys.service.ts';
import { importFramework, publishFramework } from '../../modules/content/frameworks.service.ts';
import { type TestApp, type TestClient, uniqueEmail } from '../app.ts';
import { addTenant } from '../data.ts';
import { compBusiness, enrolTotp, signUpPerson } from '../people.ts';
import { assessmentWithRespondent, type OnTenant } from '../world/fixtures/assessments.ts';
import { QUESTION_KEYS } from '../world/frameworks.ts';
import { makeTargets, type WorldOwner } from '../world/targets.ts';
import type { LimitedPersona, Persona, WorldIds } from './types.ts';

/** What the world's objects are called (“Victim client …”): the library cases search for it. */
const LABEL = 'Victim';

/** A client that sends `token()` as its respondent token (and has no session). */
function tokenClient(t: TestApp, token: () => string): TestClient {
  const client = t.client();
  const request = client.request.bind(client);
  client.request = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has(RESPONDENT_TOKEN_HEADER)) headers.set(RESPONDENT_TOKEN_HEADER, token());
    return request(path, { ...init, headers });
  };
  return client;
}

/** A client without a session that sends an API key, as a tool does. */
function bearerClient(t: TestApp, secret: string): TestClient {
  const client = t.client();
  const request = client.request.bind(client);
  client.request = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${secret}`);
    return request(path, { ...init, headers });
  };
  return client;
}

export interface PersonaHandle {
  client: TestClient;
  userId: string | null;
  email: string | null;
  /** Why this persona cannot be built on the current code; undefined when it works. */
  unavailable?: string;
}

/** What the limited personas must never see: the victim's tenants outside T1, their objects. */
export interface Outside {
  /**
   * Ids and names of the victim account's client tenants outside the persona's access, as they
   * are now (a name shared with a tenant they reach is left blank).
   */
  tenants: { id: string; name: string }[];
  /** Ids of the world's objects (`WorldIds`) that belong to one of those tenants. */
  objects: string[];
}

export interface World {
  ids: WorldIds;
  /** The victim's data a limited persona does not reach (see `Outside`), read from the database. */
  outside(persona: LimitedPersona): Promise<Outside>;
  personas: Record<Persona, PersonaHandle>;
  /** The victim account's owner: runs the controls. */
  owner: TestClient;
  /** A system admin: runs the controls of system routes. */
  systemAdmin: TestClient;
  /** Fresh targets in the victim account (../world/targets.ts) and a fresh sibling tenant. */
  refreshTargets(): Promise<void>;
  /** A client with the victim respondent's token (`ids.respondentToken`): runs those controls. */
  respondent(): TestClient;
}

/** Better Auth's session cookie (prefix `tenantry`, http PUBLIC_URL → no __Secure-). */
const SESSION_COOKIE = 'tenantry.session_token';

async function signedUp(
  t: TestApp,
  prefix: string,
): Promise<{ client: TestClient; userId: string; email: string }> {
  const person = await signUpPerson(t, prefix, prefix);
  return { client: person.client, userId: person.uid, email: person.email };
}

async function me(client: TestClient): Promise<Record<string, unknown> | null> {
  const res = await client.get('/api/v1/me');
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
}

/**
 * A shared user as a shared sign-in leaves them: a user without an account, a grant for their
 * address, and a session bound to the granted tenant (`sessions.shared_tenant_id`).
 */
async function sharedUser(
  t: TestApp,
  prefix: string,
  grant: { accountId: string; tenantId: string; role: 'viewer' | 'contributor' },
): Promise<PersonaHandle & { grantId: string }> {
  const { db } = t.database;
  const email = uniqueEmail(prefix);
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, name: prefix, email, emailVerified: true });
  const grantId = randomUUID();
  await db.insert(shareGrants).values({ id: grantId, email, ...grant });
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
    sharedTenantId: grant.tenantId,
  });
  const signature = createHmac('sha256', t.deps.config.authSecret).update(token).digest('base64');
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(`${token}.${signature}`));
  const handle: PersonaHandle & { grantId: string } = { client, userId, email, grantId };
  const claims = await me(client);
  if (!claims || claims.isSharedUser !== true || claims.ttid !== grant.tenantId || claims.tid) {
    handle.unavailable =
      `a shared session is not recognised yet (GET /api/v1/me answered ${JSON.stringify(claims)}); ` +
      'claims must give ptid/ttid from sessions.shared_tenant_id + an active share grant (sharing module)';
  }
  return handle;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { db } = t.database;

  const victim = await signedUp(t, 'victim-owner');
  const victimClaims = await me(victim.client);
  const victimAccountId = String(victimClaims?.tid ?? '');
  if (!victimAccountId) throw new Error('the victim owner has no account (tid)');
  // Every mutating control makes fresh targets: more assessments than a trial allows.
  await compBusiness(t, victimAccountId);
  const owner: WorldOwner = {
    accountId: victimAccountId,
    userId: victim.userId,
    email: victim.email,
    name: 'Victim owner',
    systemAdmin: false,
  };

  const other = await signedUp(t, 'other-owner');
  const otherAccountId = String((await me(other.client))?.tid ?? '');
  const otherTenantId = await addTenant(t, otherAccountId, 'Other account client', ['outsider']);
  // The other account's API key, with every scope: it must reach nothing of the victim's.
  await compBusiness(t, otherAccountId);
  const otherKey = await createApiKey(
    db,
    { accountId: otherAccountId, role: 'owner', userId: other.userId, email: other.email },
    { name: 'Outsider key', scopes: [...API_KEY_SCOPES], tenantId: null, expiresAt: null },
  );

  const admin = await signedUp(t, 'system-admin');
  await t.setFlags(admin.email, { isSystemAdmin: true });
  // The service console needs the admin's second factor (docs/identity.md).
  await enrolTotp(admin.client);

  // The member persona: signed up (so it has an own account too), then a member of the victim
  // account, which it acts for (active_account_id).
  const member = await signedUp(t, 'victim-member');
  await db
    .insert(memberships)
    .values({ accountId: victimAccountId, userId: member.userId, role: 'member' });
  await db
    .update(users)
    .set({ activeAccountId: victimAccountId })
    .where(eq(users.id, member.userId));
  const memberHandle: PersonaHandle = {
    client: member.client,
    userId: member.userId,
    email: member.email,
  };
  const memberClaims = await me(member.client);
  if (memberClaims?.tid !== victimAccountId) {
    memberHandle.unavailable = `the member's tid is ${String(memberClaims?.tid)}, not the victim account`;
  }

  // The limited personas (docs/members.md): a member limited to T1 by name, an admin limited
  // to the tenants tagged like T1 (no other tenant carries the tag). Their membership rows are
  // written directly, like the member persona's.
  const limitedTenantId = await addTenant(t, victimAccountId, 'Limited T1 client', ['team-t1']);
  const personaIds: Record<LimitedPersona, string> = { limitedMember: '', limitedAdmin: '' };
  const limited = async (
    persona: LimitedPersona,
    role: 'member' | 'admin',
    access: {
      tenantAccess: 'only' | 'tags';
      tenantAccessIds?: string[];
      tenantAccessTags?: string[];
    },
  ): Promise<PersonaHandle> => {
    const person = await signedUp(
      t,
      persona.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    );
    personaIds[persona] = person.userId;
    await db
      .insert(memberships)
      .values({ accountId: victimAccountId, userId: person.userId, role, ...access });
    await db
      .update(users)
      .set({ activeAccountId: victimAccountId })
      .where(eq(users.id, person.userId));
    const handle: PersonaHandle = { ...person };
    const res = await person.client.get('/api/v1/tenants?status=all');
    const seen = res.ok
      ? ((await res.json()) as { tenants: { id: string }[] }).tenants.map((x) => x.id)
      : [];
    if (seen.length !== 1 || seen[0] !== limitedTenantId) {
      handle.unavailable = `${persona} lists ${JSON.stringify(seen)}, not T1 alone`;
    }
    return handle;
  };
  const limitedMember = await limited('limitedMember', 'member', {
    tenantAccess: 'only',
    tenantAccessIds: [limitedTenantId],
  });
  const limitedAdmin = await limited('limitedAdmin', 'admin', {
    tenantAccess: 'tags',
    tenantAccessTags: ['team-t1'],
  });

  const ids = {
    limitedTenantId,
    victimAccountId,
    victimOwnerUserId: victim.userId,
    victimOwnerEmail: victim.email,
    otherAccountId,
    otherTenantId,
    questionKey: QUESTION_KEYS.yes_no,
  } as WorldIds;

  let viewerGrantId = '';

  // The tables of tenant-owned objects (an `id` and a `tenant_id`): a new one is covered too.
  const ownedTables = (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name in ('id', 'tenant_id')
        group by table_name having count(*) = 2 order by table_name`,
    )
  ).map((r) => r.table_name);
  let outsideObjects: string[] = [];
  /** The world's objects of a tenant other than T1 (read again with every new set of targets). */
  async function readOutsideObjects(): Promise<void> {
    const values = [
      ...new Set(Object.values(ids).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    // One text[] parameter (a PostgreSQL array literal), whatever the number of ids.
    const list = `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    const rows = await queryRows<{ id: string }>(
      db,
      sql.join(
        ownedTables.map(
          (name) =>
            sql`select id::text as id from ${sql.identifier(name)}
              where id::text = any(${list}::text[])
                and tenant_id is not null and tenant_id <> ${limitedTenantId}`,
        ),
        sql` union `,
      ),
    );
    outsideObjects = rows.map((r) => r.id);
  }

  async function refreshTargets(): Promise<void> {
    // The old targets' key is spent: revoked, so fresh targets never fill the key limit.
    if (ids.apiKeyId) {
      await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, ids.apiKeyId));
    }
    Object.assign(ids, await makeTargets(t, owner, LABEL));
    ids.siblingTenantId = await addTenant(
      t,
      victimAccountId,
      `${LABEL} sibling ${randomBytes(3).toString('hex')}`,
      ['outsider'],
    );
    ids.viewerGrantId = viewerGrantId;
    await readOutsideObjects();
  }
  await refreshTargets();

  // Respondent personas: tokens of the victim's assessments that must not reach its question
  // `questionKey` in section A (one of section B only; expired; revoked), and one of another
  // account's assessment.
  const victimOnTenant: OnTenant = {
    ...owner,
    tenantId: ids.tenantId,
    accountRole: 'owner',
    shareRole: null,
  };
  const assessed = (sections: string[] | null = null) =>
    assessmentWithRespondent(
      t,
      victimOnTenant,
      ids.assessmentFrameworkId,
      ids.questionKey,
      sections,
    );
  const outside = await assessed(['B']);
  const expired = await assessed();
  await db
    .update(respondents)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(respondents.id, expired.respondentId));
  const revoked = await assessed();
  await db
    .update(respondents)
    .set({ revokedAt: new Date() })
    .where(eq(respondents.id, revoked.respondentId));
  const otherActor = {
    accountId: otherAccountId,
    userId: other.userId,
    email: other.email,
    role: 'owner' as const,
    systemAdmin: false,
  };
  const otherTag = randomBytes(3).toString('hex');
  // Their framework has none of the victim's question keys: their token's own part is not it.
  const otherFw = await importFramework(db, otherActor, {
    scope: 'private',
    document: {
      format: 'tenantry.framework/1',
      key: `other-${otherTag}`,
      name: `Other framework ${otherTag}`,
      sections: [
        { key: 'OS', title: 'Theirs', questions: [{ key: 'OQ', title: 'OQ?', type: 'yes_no' }] },
      ],
    },
  });
  await publishFramework(db, otherActor, otherFw.id, { revision: 1, releaseNotes: 'v1' });
  const theirs = await assessmentWithRespondent(
    t,
    {
      ...otherActor,
      tenantId: otherTenantId,
      accountRole: 'owner',
      shareRole: null,
      name: 'Other',
    },
    otherFw.id,
    'OQ',
  );
  const respondentPersona = (token: string): PersonaHandle => ({
    client: tokenClient(t, () => token),
    userId: null,
    email: null,
  });

  const viewer = await sharedUser(t, 'victim-viewer', {
    accountId: victimAccountId,
    tenantId: ids.tenantId,
    role: 'viewer',
  });
  viewerGrantId = viewer.grantId;
  ids.viewerGrantId = viewerGrantId;
  const sharedOther = await sharedUser(t, 'shared-sibling', {
    accountId: victimAccountId,
    tenantId: ids.siblingTenantId,
    role: 'contributor',
  });

  return {
    ids,
    owner: victim.client,
    systemAdmin: admin.client,
    personas: {
      anonymous: { client: t.client(), userId: null, email: null },
      otherAccountMember: { client: other.client, userId: other.userId, email: other.email },
      otherAccountKey: {
        client: bearerClient(t, otherKey.secret),
        userId: null,
        email: null,
      },
      sharedUserOfOtherTenant: sharedOther,
      member: memberHandle,
      limitedMember,
      limitedAdmin,
      viewer,
      respondentOfOtherAssessment: respondentPersona(theirs.token),
      respondentOutsideSection: respondentPersona(outside.token),
      expiredRespondent: respondentPersona(expired.token),
      revokedRespondent: respondentPersona(revoked.token),
    },
    refreshTargets,
    respondent: () => tokenClient(t, () => ids.respondentToken),
    async outside(persona) {
      // Through the persona's own membership row, as the app reads it (a tenant the limited
      // member made joined their access); a name shared with a tenant they reach is no secret.
      const rows = await queryRows<{ id: string; name: string; reached: boolean }>(
        db,
        sql`select t.id, t.name, ${membershipReaches('m', 't')} as reached
          from tenants t
          join memberships m on m.account_id = t.account_id and m.user_id = ${personaIds[persona]}
          where t.account_id = ${victimAccountId}`,
      );
      const reachedNames = new Set(rows.filter((r) => r.reached).map((r) => r.name));
      return {
        tenants: rows
          .filter((r) => !r.reached)
          .map((r) => ({ id: r.id, name: reachedNames.has(r.name) ? '' : r.name })),
        objects: [...outsideObjects],
      };
    },
  };
}
