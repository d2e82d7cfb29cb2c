/**
 * The fixture world of the outsider suite: a victim account with data of every kind, the
 * personas that try to reach it, and the controls (the victim's owner, a system admin).
 *
 * Rows are written directly (not through the API) so the world does not depend on modules
 * that are still being built; personas a module does not support yet are marked unavailable
 * with the reason, and their tests are skipped (never silently passed).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { API_KEY_SCOPES, RESPONDENT_TOKEN_HEADER } from '@tenantry/shared';
import type { TenantContext } from '../../auth/types.ts';
import {
  apiKeys,
  auditLog,
  feedback,
  invitations,
  media,
  memberships,
  reports,
  respondents,
  roadmapItems,
  sessions,
  shareGrants,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { createApiKey } from '../../modules/api-keys/api-keys.service.ts';
import { writeAnswer } from '../../modules/assessments/answers/write.ts';
import {
  createAssessment,
  transitionAssessment,
} from '../../modules/assessments/assessments.service.ts';
import { addRespondent } from '../../modules/assessments/respondents/respondents.service.ts';
import { createTask } from '../../modules/remediation/remediation.service.ts';
import { supportFixture } from '../support-fixture.ts';
import { webhooksFixture } from '../../modules/webhooks/webhooks.fixture.ts';
import { recordAudit } from '../../modules/audit/audit.service.ts';
import type { ContentActor } from '../../modules/content/content.access.ts';
import {
  importFramework,
  publishFramework,
  saveDraft,
} from '../../modules/content/frameworks.service.ts';
import {
  ARTICLE_KIND,
  createItem,
  PLAYBOOK_KIND,
  setItemPublished,
} from '../../modules/content/items.service.ts';
import { storeImage } from '../../modules/media/media.service.ts';
import { type TestApp, type TestClient, uniqueEmail } from '../app.ts';
import { carryForwardFixture } from '../carry-forward.ts';
import { compBusiness, signUpPerson } from '../people.ts';
import type { Persona, WorldIds } from './types.ts';

/** Private content of the victim account, made through the content services. */
async function victimContent(db: TestApp['database']['db'], actor: ContentActor) {
  const tag = randomBytes(3).toString('hex');
  const doc = (key: string) => ({
    format: 'tenantry.framework/1',
    key,
    name: `Victim framework ${tag}`,
    sections: [
      { key: 'S', title: 'Section', questions: [{ key: 'Q', title: 'Q?', type: 'yes_no' }] },
      {
        key: 'S2',
        title: 'Other section',
        questions: [{ key: 'Q2', title: 'Q2?', type: 'yes_no' }],
      },
    ],
  });
  const fw = await importFramework(db, actor, { scope: 'private', document: doc(`victim-${tag}`) });
  await publishFramework(db, actor, fw.id, { revision: 1, releaseNotes: 'v1' });
  const changed = { ...doc(`victim-${tag}`), name: `Victim framework ${tag} (draft)` };
  await saveDraft(db, actor, fw.id, { revision: 1, document: changed });
  const draftOnly = await importFramework(db, actor, {
    scope: 'private',
    document: doc(`victim-draft-${tag}`),
  });
  const pb = await createItem(db, PLAYBOOK_KIND, actor, {
    scope: 'private',
    key: `victim-pb-${tag}`,
    title: 'Victim playbook',
  });
  await setItemPublished(db, PLAYBOOK_KIND, actor, pb.id, { revision: 1 }, true);
  const article = await createItem(db, ARTICLE_KIND, actor, {
    scope: 'private',
    key: `victim-article-${tag}`,
    title: 'Victim article',
  });
  await setItemPublished(db, ARTICLE_KIND, actor, article.id, { revision: 1 }, true);
  const image = await storeImage(
    db,
    { accountId: actor.accountId, userId: actor.userId },
    {
      bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#a70' } })
        .png()
        .toBuffer(),
      purpose: 'content_image',
    },
  );
  return {
    frameworkId: fw.id,
    frameworkKey: `victim-${tag}`,
    draftFrameworkId: draftOnly.id,
    playbookId: pb.id,
    articleId: article.id,
    contentImageId: image.id,
  };
}

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

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/**
 * An assessment of `tenantId` on `frameworkId` v1 with `answered` answered, and a respondent
 * (of `sections`, else the whole assessment): made through the services, as the API would.
 */
async function assessmentWithRespondent(
  t: TestApp,
  actor: TenantContext & { name: string },
  frameworkId: string,
  answered: string,
  sections: string[] | null = null,
) {
  const { db } = t.database;
  const a = await createAssessment(db, actor, {
    frameworkId,
    version: 1,
    name: `Outsider assessment ${randomBytes(3).toString('hex')}`,
    scope: { sections: null, tags: null },
  });
  await writeAnswer(
    db,
    { ...actor, assessmentId: a.id },
    { source: 'member', userId: actor.userId, name: actor.name },
    answered,
    { value: 'yes' },
  );
  const mail = { mailer: t.deps.mailer, publicUrl: t.deps.config.publicUrl, log: t.deps.logger };
  const r = await addRespondent(
    db,
    actor,
    a.id,
    { name: 'Victim respondent', email: uniqueEmail('respondent'), sections, sendEmail: false },
    mail,
  );
  return { assessmentId: a.id, respondentId: r.respondent.id, token: tokenOf(r.link) };
}

export interface PersonaHandle {
  client: TestClient;
  userId: string | null;
  email: string | null;
  /** Why this persona cannot be built on the current code; undefined when it works. */
  unavailable?: string;
}

export interface World {
  ids: WorldIds;
  personas: Record<Persona, PersonaHandle>;
  /** The victim account's owner: runs the controls. */
  owner: TestClient;
  /** A system admin: runs the controls of system routes. */
  systemAdmin: TestClient;
  /** New tenant, grants, invitation, member and audit entry in the victim account. */
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

async function insertTenant(t: TestApp, accountId: string, name: string): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(tenants).values({ id, accountId, name, tags: ['outsider'] });
  return id;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { db } = t.database;

  const victim = await signedUp(t, 'victim-owner');
  const victimClaims = await me(victim.client);
  const victimAccountId = String(victimClaims?.tid ?? '');
  if (!victimAccountId) throw new Error('the victim owner has no account (tid)');
  // Every mutating control makes fresh targets: more assessments than a trial allows.
  await compBusiness(t, victimAccountId);

  const other = await signedUp(t, 'other-owner');
  const otherAccountId = String((await me(other.client))?.tid ?? '');
  const otherTenantId = await insertTenant(t, otherAccountId, 'Other account client');
  // The other account's API key, with every scope: it must reach nothing of the victim's.
  await compBusiness(t, otherAccountId);
  const otherKey = await createApiKey(
    db,
    { accountId: otherAccountId, role: 'owner', userId: other.userId, email: other.email },
    { name: 'Outsider key', scopes: [...API_KEY_SCOPES], tenantId: null, expiresAt: null },
  );

  const admin = await signedUp(t, 'system-admin');
  await t.setFlags(admin.email, { isSystemAdmin: true });

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

  // The victim's logo: a media row (purpose account_logo) with real WebP bytes.
  const logo = await sharp({
    create: { width: 2, height: 2, channels: 4, background: '#0a7' },
  })
    .webp({ lossless: true })
    .toBuffer();
  const logoMediaId = randomUUID();
  await db.insert(media).values({
    id: logoMediaId,
    accountId: victimAccountId,
    purpose: 'account_logo',
    contentType: 'image/webp',
    data: logo,
    width: 2,
    height: 2,
    bytes: logo.length,
    createdBy: victim.userId,
  });

  // A second session of the victim owner, for the routes that end a session by id.
  const victimElsewhere = t.client();
  await victimElsewhere.signIn(victim.email);
  const [victimSession] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, victim.userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (!victimSession) throw new Error('the victim owner has no second session');

  const ids = {
    victimSessionId: victimSession.id,
    victimAccountId,
    victimOwnerUserId: victim.userId,
    victimOwnerEmail: victim.email,
    logoMediaId,
    otherAccountId,
    otherTenantId,
  } as WorldIds;

  let viewerGrantId = '';

  async function refreshTargets(): Promise<void> {
    ids.tenantId = await insertTenant(
      t,
      victimAccountId,
      `Victim client ${randomBytes(3).toString('hex')}`,
    );
    ids.siblingTenantId = await insertTenant(
      t,
      victimAccountId,
      `Victim sibling ${randomBytes(3).toString('hex')}`,
    );
    ids.shareGrantEmail = uniqueEmail('victim-share');
    ids.shareGrantId = randomUUID();
    await db.insert(shareGrants).values({
      id: ids.shareGrantId,
      accountId: victimAccountId,
      tenantId: ids.tenantId,
      email: ids.shareGrantEmail,
      role: 'contributor',
      createdBy: victim.userId,
    });
    ids.invitationEmail = uniqueEmail('victim-invitee');
    ids.invitationId = randomUUID();
    await db.insert(invitations).values({
      id: ids.invitationId,
      accountId: victimAccountId,
      email: ids.invitationEmail,
      role: 'member',
      tokenHash: randomBytes(32).toString('hex'),
      invitedBy: victim.userId,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    });
    ids.memberUserId = randomUUID();
    await db.insert(users).values({
      id: ids.memberUserId,
      name: 'Victim target member',
      email: uniqueEmail('victim-target-member'),
    });
    await db
      .insert(memberships)
      .values({ accountId: victimAccountId, userId: ids.memberUserId, role: 'member' });
    const actor = { accountId: victimAccountId, userId: victim.userId, email: victim.email };
    await recordAudit(db, actor, {
      action: 'members.invited',
      targetType: 'invitation',
      targetId: ids.invitationId,
      data: { email: ids.invitationEmail, role: 'member' },
    });
    const [audit] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.targetId, ids.invitationId));
    ids.auditEntryId = audit?.id ?? '';
    ids.viewerGrantId = viewerGrantId;
    Object.assign(ids, await victimContent(db, { ...actor, role: 'owner', systemAdmin: false }));
    const onTenant = {
      ...actor,
      tenantId: ids.tenantId,
      accountRole: 'owner' as const,
      shareRole: null,
      name: 'Victim owner',
    };
    const assessed = await assessmentWithRespondent(t, onTenant, ids.frameworkId, 'Q');
    ids.assessmentId = assessed.assessmentId;
    ids.questionKey = 'Q';
    ids.respondentId = assessed.respondentId;
    ids.respondentToken = assessed.token;
    const draft = await createAssessment(db, onTenant, {
      frameworkId: ids.frameworkId,
      version: 1,
      name: 'Outsider draft',
      scope: { sections: null, tags: null },
    });
    ids.draftAssessmentId = draft.id;
    const done = await assessmentWithRespondent(t, onTenant, ids.frameworkId, 'Q');
    await transitionAssessment(db, onTenant, done.assessmentId, 'complete');
    ids.completedAssessmentId = done.assessmentId;
    const kept = await assessmentWithRespondent(t, onTenant, ids.frameworkId, 'Q');
    await transitionAssessment(db, onTenant, kept.assessmentId, 'complete');
    ids.baselineAssessmentId = kept.assessmentId;
    const task = await createTask(db, onTenant, {
      title: 'Outsider task',
      description: '',
      assigneeId: null,
      dueDate: null,
      checklist: ['Step one'],
    });
    ids.taskId = task.id;
    ids.checklistItemId = task.checklist[0]!.id;
    Object.assign(
      ids,
      await carryForwardFixture(db, { ...actor, role: 'owner', systemAdmin: false }, onTenant),
    );
    ids.reportId = randomUUID();
    const pdf = Buffer.from('%PDF-1.7\n% victim report\n%%EOF\n');
    await db.insert(reports).values({
      id: ids.reportId,
      accountId: victimAccountId,
      tenantId: ids.tenantId,
      assessmentId: ids.assessmentId,
      status: 'done',
      progress: 1,
      fileName: 'Victim-report.pdf',
      data: pdf,
      bytes: pdf.length,
      createdBy: victim.userId,
      finishedAt: new Date(),
    });
    Object.assign(
      ids,
      await supportFixture(db, { accountId: victimAccountId, userId: victim.userId }),
    );
    Object.assign(
      ids,
      await webhooksFixture(db, { accountId: victimAccountId, userId: victim.userId }),
    );
    ids.roadmapItemId = randomUUID();
    ids.roadmapTargetId = randomUUID();
    ids.roadmapPendingId = randomUUID();
    await db.insert(roadmapItems).values([
      { id: ids.roadmapItemId, title: 'Outsider roadmap item', approvedAt: new Date() },
      { id: ids.roadmapTargetId, title: 'Outsider merge target', approvedAt: new Date() },
      { id: ids.roadmapPendingId, title: 'Victim suggestion', authorId: victim.userId },
    ]);
    ids.feedbackId = randomUUID();
    await db.insert(feedback).values({
      id: ids.feedbackId,
      accountId: victimAccountId,
      userId: victim.userId,
      rating: 2,
      comment: 'Victim feedback',
      pagePath: `/tenant/${ids.tenantId}/overview`,
      appVersion: 'dev',
    });
    ids.apiKeyId = randomUUID();
    await db.insert(apiKeys).values({
      id: ids.apiKeyId,
      accountId: victimAccountId,
      name: 'Victim key',
      prefix: 'tnt_victimky',
      secretHash: randomUUID(),
      scopes: ['tenants:read'],
    });
  }
  await refreshTargets();

  // Respondent personas: tokens of the victim's assessment that must not reach question `Q`
  // (another section; expired; revoked), and one of another account's assessment.
  const victimOnTenant = {
    accountId: victimAccountId,
    userId: victim.userId,
    email: victim.email,
    tenantId: ids.tenantId,
    accountRole: 'owner' as const,
    shareRole: null,
    name: 'Victim owner',
  };
  const outside = await assessmentWithRespondent(t, victimOnTenant, ids.frameworkId, 'Q', ['S2']);
  const expired = await assessmentWithRespondent(t, victimOnTenant, ids.frameworkId, 'Q');
  await db
    .update(respondents)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(respondents.id, expired.respondentId));
  const revoked = await assessmentWithRespondent(t, victimOnTenant, ids.frameworkId, 'Q');
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
      viewer,
      respondentOfOtherAssessment: respondentPersona(theirs.token),
      respondentOutsideSection: respondentPersona(outside.token),
      expiredRespondent: respondentPersona(expired.token),
      revokedRespondent: respondentPersona(revoked.token),
    },
    refreshTargets,
    respondent: () => tokenClient(t, () => ids.respondentToken),
  };
}
