/**
 * The one test world of the suites that call every route (the outsider suite, the fuzz suite):
 * an account holding one of everything, so that requests can name real objects. Each suite
 * adds what is its own (the outsider suite's personas and other account, the fuzz suite's
 * owner put back in charge) and calls `makeTargets` again for fresh targets whenever a call
 * may have used them up (archived, revoked, completed, deleted…). A new kind of object is
 * added here, once: a field in `TargetIds` and a line in `makeTargets` (a fixture of its own
 * in fixtures/ when it takes more than a few lines), and both suites have it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  apiKeys,
  auditLog,
  evidencePacks,
  feedback,
  invitations,
  memberships,
  reports,
  roadmapItems,
  sessions,
  shareGrants,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../modules/audit/audit.service.ts';
import type { ContentActor } from '../../modules/content/content.access.ts';
import { importFramework, publishFramework } from '../../modules/content/frameworks.service.ts';
import { insertImage } from '../../modules/media/media.service.ts';
import { hashInvitationToken } from '../../modules/members/invitations.service.ts';
import { createTask } from '../../modules/remediation/tasks.service.ts';
import { uniqueEmail, type TestApp } from '../app.ts';
import { addTenant } from '../data.ts';
import { assessmentsFixture, type AssessmentIds, type OnTenant } from './fixtures/assessments.ts';
import { carryForwardFixture, type CarryForwardIds } from './fixtures/carry-forward.ts';
import { contentFixture, type ContentIds } from './fixtures/content.ts';
import { evidenceFixture, type EvidenceIds } from './fixtures/evidence.ts';
import type { WorldOwner } from './owner.ts';
import { schedulesFixture, type ScheduleIds } from './fixtures/schedules.ts';
import { TINY_WEBP } from './fixtures/images.ts';
import { ssoFixture, type SsoFixture } from './fixtures/sso.ts';
import { supportFixture, type SupportFixture } from './fixtures/support.ts';
import { webhooksFixture, type WebhooksFixture } from './fixtures/webhooks.ts';
import { assessmentFrameworkDocument, QUESTION_KEYS } from './frameworks.ts';

/** Who owns the world's account and makes its objects. */
export type { WorldOwner } from './owner.ts';

/** Real objects of the world's account, fresh after every `makeTargets`. */
export interface TargetIds
  extends
    ContentIds,
    AssessmentIds,
    CarryForwardIds,
    ScheduleIds,
    SupportFixture,
    WebhooksFixture,
    SsoFixture,
    EvidenceIds {
  /** A client tenant of the account: the assessments, task and report below are of it. */
  tenantId: string;
  /** An active share grant (contributor) on `tenantId` to an outside address. */
  shareGrantId: string;
  shareGrantEmail: string;
  /** A pending invitation of the account, and the token its e-mail would carry. */
  invitationId: string;
  invitationEmail: string;
  invitationToken: string;
  /** A plain member (role member) of the account: a target, not a person of the suites. */
  memberUserId: string;
  /** An audit entry of the account (the invitation's). */
  auditEntryId: string;
  /** Another session of the owner (not one a suite's client uses). */
  spareSessionId: string;
  /** The account's logo: its one image (media row) of purpose account_logo. */
  logoMediaId: string;
  /** A published private framework (v1) with a question of every type (frameworks.ts). */
  assessmentFrameworkId: string;
  /** A remediation task of the tenant (by hand) and its one checklist item. */
  taskId: string;
  checklistItemId: string;
  /** A PDF report of `assessmentId`, done (written directly: rendering one is slow). */
  reportId: string;
  /** An evidence pack of `assessmentId`, done: an (empty) ZIP in the file store. */
  evidencePackId: string;
  /** Roadmap items (service-wide, no account): two approved ones (a duplicate and a merge
   * target) and the owner's own suggestion, still waiting for approval. */
  roadmapItemId: string;
  roadmapTargetId: string;
  roadmapPendingId: string;
  /** A feedback the owner sent (service-wide triage: system admins only). */
  feedbackId: string;
  /** An API key of the account (unusable: its hash is of no secret). */
  apiKeyId: string;
}

/**
 * Makes a fresh set of targets in `owner`'s account. `label` names them (“Victim client …”,
 * “Fuzz playbook”); the fixtures of support tickets, webhooks and the logo replace what an
 * earlier call made, the rest is added beside it.
 */
export async function makeTargets(
  t: TestApp,
  owner: WorldOwner,
  label: string,
): Promise<TargetIds> {
  const { db } = t.database;
  const { accountId, userId } = owner;
  const slug = label.toLowerCase();
  const hex = () => randomBytes(3).toString('hex');

  const tenantId = await addTenant(t, accountId, `${label} client ${hex()}`, [slug]);
  const shareGrantId = randomUUID();
  const shareGrantEmail = uniqueEmail(`${slug}-share`);
  await db.insert(shareGrants).values({
    id: shareGrantId,
    accountId,
    tenantId,
    email: shareGrantEmail,
    role: 'contributor',
    createdBy: userId,
  });
  const invitationId = randomUUID();
  const invitationEmail = uniqueEmail(`${slug}-invitee`);
  const invitationToken = randomBytes(32).toString('base64url');
  await db.insert(invitations).values({
    id: invitationId,
    accountId,
    email: invitationEmail,
    role: 'member',
    tokenHash: hashInvitationToken(invitationToken),
    invitedBy: userId,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
  });
  await recordAudit(db, owner, {
    action: 'members.invited',
    targetType: 'invitation',
    targetId: invitationId,
    data: { email: invitationEmail, role: 'member' },
  });
  const [audit] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.targetId, invitationId));
  const memberUserId = randomUUID();
  await db
    .insert(users)
    .values({ id: memberUserId, name: `${label} member`, email: uniqueEmail(`${slug}-member`) });
  await db.insert(memberships).values({ accountId, userId: memberUserId, role: 'member' });
  const spareSessionId = randomUUID();
  await db.insert(sessions).values({
    id: spareSessionId,
    token: randomBytes(24).toString('base64url'),
    userId,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  // A logo upload replaces the account's logo: a known one goes back (and replaces that).
  const logo = await insertImage(
    db,
    { accountId, userId },
    { purpose: 'account_logo', ...TINY_WEBP },
  );

  const actor: ContentActor = { ...owner, role: 'owner' };
  const content = await contentFixture(db, actor, label);
  const assessmentFw = await importFramework(db, actor, {
    scope: 'private',
    document: assessmentFrameworkDocument(`${slug}-assessed-${hex()}`),
  });
  await publishFramework(db, actor, assessmentFw.id, { revision: 1, releaseNotes: 'v1' });
  const onTenant: OnTenant = {
    ...owner,
    tenantId,
    accountRole: 'owner',
    shareRole: null,
  };
  const assessed = await assessmentsFixture(
    t,
    onTenant,
    assessmentFw.id,
    QUESTION_KEYS.yes_no,
    label,
  );
  const evidence = await evidenceFixture(t, owner, {
    tenantId,
    assessmentId: assessed.assessmentId,
    questionKey: QUESTION_KEYS.yes_no,
  });
  const task = await createTask(db, onTenant, {
    title: `${label} task`,
    description: '',
    assigneeId: null,
    dueDate: null,
    checklist: [`${label} step`],
  });
  const carried = await carryForwardFixture(db, actor, onTenant);
  const schedules = await schedulesFixture(db, owner, tenantId, assessmentFw.id);
  const reportId = randomUUID();
  const pdf = Buffer.from(`%PDF-1.7\n% ${slug} report\n%%EOF\n`);
  await db.insert(reports).values({
    id: reportId,
    accountId,
    tenantId,
    assessmentId: assessed.assessmentId,
    status: 'done',
    progress: 1,
    fileName: `${label}-report.pdf`,
    data: pdf,
    bytes: pdf.length,
    createdBy: userId,
    finishedAt: new Date(),
  });
  const evidencePackId = await evidencePackFixture(t, {
    accountId,
    tenantId,
    assessmentId: assessed.assessmentId,
    label,
  });

  const support = await supportFixture(db, { accountId, userId });
  const webhooks = await webhooksFixture(db, { accountId, userId });
  const sso = await ssoFixture(db, t.deps.config.authSecret, { accountId, userId });
  const roadmap = { item: randomUUID(), target: randomUUID(), pending: randomUUID() };
  await db.insert(roadmapItems).values([
    { id: roadmap.item, title: `${label} roadmap item`, approvedAt: new Date() },
    { id: roadmap.target, title: `${label} merge target`, approvedAt: new Date() },
    { id: roadmap.pending, title: `${label} suggestion`, authorId: userId },
  ]);
  const feedbackId = randomUUID();
  await db.insert(feedback).values({
    id: feedbackId,
    accountId,
    userId,
    rating: 2,
    comment: `${label} feedback`,
    pagePath: `/tenant/${tenantId}/overview`,
    appVersion: 'dev',
  });
  const apiKeyId = randomUUID();
  await db.insert(apiKeys).values({
    id: apiKeyId,
    accountId,
    name: `${label} key`,
    prefix: `tnt_${randomBytes(4).toString('hex')}`,
    secretHash: randomUUID(),
    scopes: ['tenants:read'],
  });

  return {
    tenantId,
    shareGrantId,
    shareGrantEmail,
    invitationId,
    invitationEmail,
    invitationToken,
    memberUserId,
    auditEntryId: audit?.id ?? '',
    spareSessionId,
    logoMediaId: logo.id,
    ...content,
    assessmentFrameworkId: assessmentFw.id,
    ...assessed,
    ...evidence,
    taskId: task.id,
    checklistItemId: task.checklist[0]!.id,
    ...carried,
    ...schedules,
    reportId,
    evidencePackId,
    ...support,
    ...webhooks,
    ...sso,
    roadmapItemId: roadmap.item,
    roadmapTargetId: roadmap.target,
    roadmapPendingId: roadmap.pending,
    feedbackId,
    apiKeyId,
  };
}

/** A done evidence pack: its ZIP (an empty archive) written to the file store under its key. */
async function evidencePackFixture(
  t: TestApp,
  p: { accountId: string; tenantId: string; assessmentId: string; label: string },
): Promise<string> {
  const id = randomUUID();
  const blobKey = `evidence-packs/${id}/${randomUUID()}`;
  // The end of central directory of an archive without entries.
  const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
  const out = await t.deps.blobs.createWriter(blobKey);
  await out.write(zip);
  const stored = await out.finish();
  await t.database.db.insert(evidencePacks).values({
    id,
    accountId: p.accountId,
    tenantId: p.tenantId,
    assessmentId: p.assessmentId,
    status: 'done',
    progress: 1,
    fileName: `${p.label}-evidence.zip`,
    blobKey,
    bytes: stored.bytes,
    sha256: stored.sha256,
    finishedAt: new Date(),
  });
  return id;
}
