import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { accounts, media, memberships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  encodeImage,
  insertImage,
  readMediaOfPurpose,
  type StoredImage,
} from '../media/media.service.ts';

export function ownAccountName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim() || user.email.split('@')[0] || user.email;
  return `${name}'s account`;
}

/**
 * Creates the user's own account with the user as owner, unless they already own one.
 * Idempotent and safe under concurrency (a transaction-scoped advisory lock per user), so it
 * can run from Better Auth's after-create hook and again as a repair from loadClaims.
 * Returns the id of the owned account.
 */
export async function ensureOwnAccount(
  db: Database,
  user: { id: string; name?: string | null; email: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`own-account:${user.id}`}))`);
    const existing = await tx
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'owner')))
      .limit(1);
    if (existing[0]) return existing[0].accountId;
    const accountId = randomUUID();
    await tx.insert(accounts).values({ id: accountId, name: ownAccountName(user) });
    await tx.insert(memberships).values({ accountId, userId: user.id, role: 'owner' });
    return accountId;
  });
}

// ---------------------------------------------------------------------------------------------
// The session's account: read, rename, logo. Every function takes the AccountContext's
// accountId (from the session, never the request) and puts it in its where.

export interface AccountView {
  id: string;
  name: string;
  createdAt: Date;
  /** The media id of the logo (its one image of purpose `account_logo`), or null. */
  logoMediaId: string | null;
}

export async function readAccount(db: Database, scope: AccountContext): Promise<AccountView> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      logoMediaId: media.id,
    })
    .from(accounts)
    .leftJoin(media, and(eq(media.accountId, accounts.id), eq(media.purpose, 'account_logo')))
    .where(eq(accounts.id, scope.accountId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('This account no longer exists.');
  return row;
}

export async function renameAccount(
  db: Database,
  actor: AccountContext,
  name: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!before) throw notFound('This account no longer exists.');
    if (before.name === name) return;
    await tx.update(accounts).set({ name }).where(eq(accounts.id, actor.accountId));
    await recordAudit(tx, actor, {
      action: 'account.renamed',
      targetType: 'account',
      targetId: actor.accountId,
      data: { from: before.name, to: name },
    });
  });
}

/**
 * Replaces the account's logo with `bytes`, re-encoded by the media service (which refuses
 * what is not a PNG, JPEG or WebP image within its limits). Audited.
 */
export async function setAccountLogo(
  db: Database,
  actor: AccountContext,
  bytes: Uint8Array,
): Promise<void> {
  // Decoding and encoding take a while: before the transaction, not holding a connection.
  const image = await encodeImage({ bytes, purpose: 'account_logo' });
  await db.transaction(async (tx) => {
    const logo = await insertImage(tx, actor, image);
    await recordAudit(tx, actor, {
      action: 'account.logo_updated',
      targetType: 'account',
      targetId: actor.accountId,
      data: {
        mediaId: logo.id,
        contentType: logo.contentType,
        width: logo.width,
        height: logo.height,
        bytes: logo.bytes,
      },
    });
  });
}

/** The account's current logo (for `GET /api/v1/account/logo`), or a 404. */
export async function readAccountLogo(db: Database, scope: AccountContext): Promise<StoredImage> {
  return readMediaOfPurpose(db, scope, 'account_logo');
}
