/**
 * The fuzz suite's world: a signed-in owner (also a system admin, so the system routes get
 * past their guard and validate their input too) whose account holds one of everything, so
 * generated requests can name real objects. `reset()` puts the owner back in charge and makes
 * fresh targets before each operation, whatever the previous one did (archived, revoked,
 * removed, promoted someone to owner, completed, submitted…).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  assessments,
  apiKeys,
  feedback,
  frameworks,
  invitations,
  liveEvents,
  media,
  memberships,
  reports,
  roadmapItems,
  sessions,
  shareGrants,
  tenants,
  users,
} from '../../db/schema/index.ts';
import type { TenantContext } from '../../auth/types.ts';
import { createTask } from '../../modules/remediation/remediation.service.ts';
import { writeAnswer } from '../../modules/assessments/answers/write.ts';
import {
  createAssessment,
  transitionAssessment,
} from '../../modules/assessments/assessments.service.ts';
import { addRespondent } from '../../modules/assessments/respondents/respondents.service.ts';
import type { ContentActor } from '../../modules/content/content.access.ts';
import { importFramework, publishFramework } from '../../modules/content/frameworks.service.ts';
import { ARTICLE_KIND, createItem, PLAYBOOK_KIND } from '../../modules/content/items.service.ts';
import { insertImage } from '../../modules/media/media.service.ts';
import { hashInvitationToken } from '../../modules/members/invitations.service.ts';
import { uniqueEmail, type TestApp, type TestClient } from '../app.ts';
import { carryForwardFixture } from '../carry-forward.ts';
import { supportFixture } from '../support-fixture.ts';
import { webhooksFixture } from '../../modules/webhooks/webhooks.fixture.ts';
import { workedExampleDocument } from '../frameworks.ts';
import { addMember, compBusiness, signUpPerson } from '../people.ts';

/** A 1×1 lossless WebP, as the media service stores a logo. */
const LOGO_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/**
 * The question of each kind in the world's assessment framework: SCORING.md's worked example
 * (test/frameworks.ts) and a multiple choice question added here.
 */
export const QUESTION_KEYS = {
  yes_no: 'Q1',
  maturity: 'Q2',
  text: 'Q3',
  single_choice: 'Q4',
  /** A yes/no question that may be answered “not applicable”. */
  na_allowed: 'Q5',
  number: 'Q6',
  multiple_choice: 'Q7',
} as const;
export type QuestionKind = keyof typeof QUESTION_KEYS;
/** The option keys of the choice questions. */
export const OPTION_KEYS: Record<string, readonly string[]> = {
  Q4: ['low', 'high'],
  Q7: ['mfa', 'backup', 'logging'],
};
/** The sections of the world's assessment framework. */
export const SECTION_KEYS = ['A', 'B'] as const;

/** The worked example with every question type: Q7, a multiple choice, added to section B. */
export function assessmentFrameworkDocument(key: string) {
  const doc = workedExampleDocument(key);
  const q7 = {
    key: QUESTION_KEYS.multiple_choice,
    title: 'Which are in place?',
    type: 'multiple_choice',
    weight: 1,
    options: [
      { key: 'mfa', label: 'MFA', score: 0.5 },
      { key: 'backup', label: 'Backups', score: 0.3 },
      { key: 'logging', label: 'Logging', score: 0.2 },
    ],
  };
  return {
    ...doc,
    sections: doc.sections.map((s) =>
      s.key === 'B' ? { ...s, questions: [...s.questions, q7] } : s,
    ),
  };
}

/** Real objects of the owner's account, fresh after every reset(). */
export interface FuzzIds {
  accountId: string;
  ownerUserId: string;
  tenantId: string;
  shareId: string;
  shareEmail: string;
  invitationId: string;
  invitationToken: string;
  memberUserId: string;
  /** Another session of the owner (not the one the suite's client uses). */
  spareSessionId: string;
  /** The account's logo: its one image (media row) of purpose account_logo. */
  logoMediaId: string;
  /** Private content: a framework published as v1 (draft revision 1), a playbook, an article, an image. */
  frameworkId: string;
  playbookId: string;
  articleId: string;
  contentImageId: string;
  /** A published private framework (v1) with every question type (assessmentFrameworkDocument). */
  assessmentFrameworkId: string;
  /** An assessment of the tenant on it, in progress: Q1 answered twice (so it has a history). */
  assessmentId: string;
  /** One still a draft (it can be started) and one completed (it can be reopened). */
  draftAssessmentId: string;
  completedAssessmentId: string;
  /** Its question keys by kind, and its section keys. */
  questionKeys: typeof QUESTION_KEYS;
  sectionKeys: readonly string[];
  /** A respondent of the assessment (the whole of it) and the token of their link. */
  respondentId: string;
  respondentToken: string;
  /** Another respondent's token, for “Submit my part” (after it, a respondent's writes are 409). */
  submitterToken: string;
  /** Assessments for carrying forward (test/carry-forward.ts). */
  carryAssessmentId: string;
  carriedAssessmentId: string;
  carryForwardId: string;
  /** A remediation task of the tenant (by hand) and its one checklist item. */
  taskId: string;
  checklistItemId: string;
  /** A PDF report of the assessment, done (written directly: rendering one per reset is slow). */
  reportId: string;
  /** The owner's support ticket (a screenshot on its first message) and a canned reply. */
  supportTicketId: string;
  supportAttachmentId: string;
  supportCannedId: string;
  /** Roadmap items (service-wide): approved, another approved (a merge target), and the
   * owner's own suggestion still waiting for approval. */
  roadmapItemId: string;
  roadmapTargetId: string;
  roadmapPendingId: string;
  /** A feedback of the owner (the staff mark it handled). */
  feedbackId: string;
  /** An API key of the account (not usable: its hash is of no secret). */
  apiKeyId: string;
}

export interface FuzzWorld {
  owner: TestClient;
  ids: FuzzIds;
  reset(): Promise<void>;
}

export async function buildWorld(t: TestApp): Promise<FuzzWorld> {
  const { db } = t.database;
  const owner = await signUpPerson(t, 'fuzz-owner', 'Fuzz Owner');
  await t.setFlags(owner.email, { isSystemAdmin: true });
  // Made through the API once, so the audit log, the mailbox and a real member exist.
  await owner.client.post('/api/v1/tenants', { name: 'Fuzz client', tags: ['fuzz'] });
  await addMember(t, owner, 'admin', 'fuzz-admin');

  const ids = { accountId: owner.tid, ownerUserId: owner.uid } as FuzzIds;
  // Every operation gets fresh targets: more tenants than a trial allows.
  await compBusiness(t, owner.tid);
  ids.questionKeys = QUESTION_KEYS;
  ids.sectionKeys = SECTION_KEYS;
  const mail = { mailer: t.deps.mailer, publicUrl: t.deps.config.publicUrl, log: t.deps.logger };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  async function reset(): Promise<void> {
    const { accountId, ownerUserId } = ids;
    // The owner is staff too: a fuzzed comp or trial change of its own account must not leave
    // it on a plan whose limits the world's fresh targets exceed.
    await compBusiness(t, accountId);
    // The owner owns, acts for and administers the account; nobody else owns it.
    await db
      .insert(memberships)
      .values({ accountId, userId: ownerUserId, role: 'owner' })
      .onConflictDoUpdate({
        target: [memberships.accountId, memberships.userId],
        set: { role: 'owner' },
      });
    await db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.accountId, accountId), ne(memberships.userId, ownerUserId)));
    await db
      .update(users)
      .set({ activeAccountId: accountId, isSystemAdmin: true })
      .where(eq(users.id, ownerUserId));

    ids.tenantId = randomUUID();
    await db.insert(tenants).values({
      id: ids.tenantId,
      accountId,
      name: `Fuzz target ${randomBytes(3).toString('hex')}`,
      tags: ['fuzz'],
    });
    ids.shareId = randomUUID();
    ids.shareEmail = uniqueEmail('fuzz-share');
    await db.insert(shareGrants).values({
      id: ids.shareId,
      accountId,
      tenantId: ids.tenantId,
      email: ids.shareEmail,
      role: 'contributor',
      createdBy: ownerUserId,
    });
    ids.invitationId = randomUUID();
    ids.invitationToken = randomBytes(32).toString('base64url');
    await db.insert(invitations).values({
      id: ids.invitationId,
      accountId,
      email: uniqueEmail('fuzz-invitee'),
      role: 'member',
      tokenHash: hashInvitationToken(ids.invitationToken),
      invitedBy: ownerUserId,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    });
    ids.memberUserId = randomUUID();
    await db.insert(users).values({
      id: ids.memberUserId,
      name: 'Fuzz member',
      email: uniqueEmail('fuzz-member'),
    });
    await db.insert(memberships).values({ accountId, userId: ids.memberUserId, role: 'member' });
    ids.spareSessionId = randomUUID();
    await db.insert(sessions).values({
      id: ids.spareSessionId,
      token: randomBytes(24).toString('base64url'),
      userId: ownerUserId,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
    });
    // A logo upload replaces the account's logo: put a known one back.
    ids.logoMediaId = randomUUID();
    await db
      .delete(media)
      .where(and(eq(media.accountId, accountId), eq(media.purpose, 'account_logo')));
    await db.insert(media).values({
      id: ids.logoMediaId,
      accountId,
      purpose: 'account_logo',
      contentType: 'image/webp',
      data: LOGO_WEBP,
      width: 1,
      height: 1,
      bytes: LOGO_WEBP.length,
      createdBy: ownerUserId,
    });

    // Content, made through its services (a fresh key each time: the fuzz may create some).
    const actor: ContentActor = {
      accountId,
      userId: ownerUserId,
      email: owner.email,
      role: 'owner',
      systemAdmin: true,
    };
    const tag = randomBytes(4).toString('hex');
    const fw = await importFramework(db, actor, {
      scope: 'private',
      document: {
        format: 'tenantry.framework/1',
        key: `fuzz-${tag}`,
        name: 'Fuzz framework',
        sections: [{ key: 'S', title: 'S', questions: [{ key: 'Q', title: 'Q', type: 'yes_no' }] }],
      },
    });
    await publishFramework(db, actor, fw.id, { revision: 1, releaseNotes: 'v1' });
    ids.frameworkId = fw.id;
    const scope = 'private' as const;
    ids.playbookId = (
      await createItem(db, PLAYBOOK_KIND, actor, { scope, key: `fuzz-${tag}`, title: 'Fuzz' })
    ).id;
    ids.articleId = (
      await createItem(db, ARTICLE_KIND, actor, { scope, key: `fuzz-${tag}`, title: 'Fuzz' })
    ).id;
    ids.contentImageId = (
      await insertImage(
        db,
        { accountId, userId: ownerUserId },
        {
          purpose: 'content_image',
          contentType: 'image/webp',
          data: LOGO_WEBP,
          width: 1,
          height: 1,
        },
      )
    ).id;

    // Assessments, made through their services as the API would (the owner acting on the tenant).
    // What the previous reset (and the fuzz) made for them goes first, with its framework: the
    // fingerprint taken after every request reads every row, so the world must not grow with
    // each operation (answers, history, respondents and links go with their assessment).
    await db.delete(assessments).where(eq(assessments.accountId, accountId));
    await db.delete(liveEvents).where(eq(liveEvents.accountId, accountId));
    if (ids.assessmentFrameworkId)
      await db.delete(frameworks).where(eq(frameworks.id, ids.assessmentFrameworkId));
    const assessmentFw = await importFramework(db, actor, {
      scope: 'private',
      document: assessmentFrameworkDocument(`fuzz-assessed-${tag}`),
    });
    await publishFramework(db, actor, assessmentFw.id, { revision: 1, releaseNotes: 'v1' });
    ids.assessmentFrameworkId = assessmentFw.id;
    const onTenant: TenantContext & { name: string } = {
      tenantId: ids.tenantId,
      accountId,
      userId: ownerUserId,
      email: owner.email,
      accountRole: 'owner',
      shareRole: null,
      name: 'Fuzz Owner',
    };
    const assessment = (name: string) =>
      createAssessment(db, onTenant, {
        frameworkId: assessmentFw.id,
        version: 1,
        name,
        scope: { sections: null, tags: null },
      });
    ids.assessmentId = (await assessment('Fuzz assessment')).id;
    const ref = { accountId, tenantId: ids.tenantId, assessmentId: ids.assessmentId };
    const member = { source: 'member' as const, userId: ownerUserId, name: 'Fuzz Owner' };
    await writeAnswer(db, ref, member, QUESTION_KEYS.yes_no, { value: 'partial' });
    await writeAnswer(db, ref, member, QUESTION_KEYS.yes_no, { value: 'yes', note: 'Checked' });
    const respondent = (name: string) =>
      addRespondent(
        db,
        onTenant,
        ids.assessmentId,
        { name, email: uniqueEmail('fuzz-respondent'), sendEmail: false },
        mail,
      );
    const answering = await respondent('Fuzz respondent');
    ids.respondentId = answering.respondent.id;
    ids.respondentToken = tokenOf(answering.link);
    ids.submitterToken = tokenOf((await respondent('Fuzz submitter')).link);
    ids.draftAssessmentId = (await assessment('Fuzz draft')).id;
    ids.completedAssessmentId = (await assessment('Fuzz completed')).id;
    await transitionAssessment(db, onTenant, ids.completedAssessmentId, 'start');
    await transitionAssessment(db, onTenant, ids.completedAssessmentId, 'complete');
    const task = await createTask(db, onTenant, {
      title: 'Fuzz task',
      description: '',
      assigneeId: null,
      dueDate: null,
      checklist: ['Fuzz step'],
    });
    ids.taskId = task.id;
    ids.checklistItemId = task.checklist[0]!.id;
    Object.assign(ids, await carryForwardFixture(db, actor, onTenant));
    ids.reportId = randomUUID();
    const pdf = Buffer.from('%PDF-1.7\n% fuzz report\n%%EOF\n');
    await db.insert(reports).values({
      id: ids.reportId,
      accountId,
      tenantId: ids.tenantId,
      assessmentId: ids.assessmentId,
      status: 'done',
      progress: 1,
      fileName: 'Fuzz-report.pdf',
      data: pdf,
      bytes: pdf.length,
      createdBy: ownerUserId,
      finishedAt: new Date(),
    });
    Object.assign(ids, await supportFixture(db, { accountId, userId: ownerUserId }));
    Object.assign(ids, await webhooksFixture(db, { accountId, userId: ownerUserId }));
    ids.roadmapItemId = randomUUID();
    ids.roadmapTargetId = randomUUID();
    ids.roadmapPendingId = randomUUID();
    await db.insert(roadmapItems).values([
      { id: ids.roadmapItemId, title: 'Fuzz roadmap item', approvedAt: new Date() },
      { id: ids.roadmapTargetId, title: 'Fuzz merge target', approvedAt: new Date() },
      { id: ids.roadmapPendingId, title: 'Fuzz suggestion', authorId: ownerUserId },
    ]);
    ids.feedbackId = randomUUID();
    await db.insert(feedback).values({
      id: ids.feedbackId,
      accountId,
      userId: ownerUserId,
      rating: 3,
      pagePath: '/tenant',
      appVersion: 'dev',
    });
    ids.apiKeyId = randomUUID();
    await db.insert(apiKeys).values({
      id: ids.apiKeyId,
      accountId,
      name: 'Fuzz key',
      prefix: 'tnt_fuzzfuzz',
      secretHash: randomUUID(),
      scopes: ['tenants:read'],
    });
  }

  await reset();
  return {
    owner: owner.client,
    ids,
    reset,
  };
}
