/**
 * The fuzz suite's world: a signed-in owner (also a system admin, so the system routes get
 * past their guard and validate their input too) whose account holds one of everything, so
 * generated requests can name real objects. `reset()` puts the owner back in charge and makes
 * fresh targets before each operation, whatever the previous one did (archived, revoked,
 * removed, promoted someone to owner…).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  invitations,
  media,
  memberships,
  sessions,
  shareGrants,
  tenants,
  users,
} from '../../db/schema/index.ts';
import type { ContentActor } from '../../modules/content/content.access.ts';
import { importFramework, publishFramework } from '../../modules/content/frameworks.service.ts';
import { ARTICLE_KIND, createItem, PLAYBOOK_KIND } from '../../modules/content/items.service.ts';
import { insertImage } from '../../modules/media/media.service.ts';
import { hashInvitationToken } from '../../modules/members/invitations.service.ts';
import { uniqueEmail, type TestApp, type TestClient } from '../app.ts';
import { addMember, signUpPerson } from '../people.ts';

/** A 1×1 lossless WebP, as the media service stores a logo. */
const LOGO_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

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

  async function reset(): Promise<void> {
    const { accountId, ownerUserId } = ids;
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
  }

  await reset();
  return {
    owner: owner.client,
    ids,
    reset,
  };
}
