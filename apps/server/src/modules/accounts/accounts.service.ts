import { randomUUID } from 'node:crypto';
import { ACCOUNT_ERROR_CODES, LOGO_MAX_BYTES, type LogoContentType } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { accountLogos, accounts, memberships } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

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
  logoUpdatedAt: Date | null;
}

export async function readAccount(db: Database, scope: AccountContext): Promise<AccountView> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      logoUpdatedAt: accountLogos.updatedAt,
    })
    .from(accounts)
    .leftJoin(accountLogos, eq(accountLogos.accountId, accounts.id))
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

/** The image type of `bytes` by its magic numbers (never the declared type), or null. */
export function sniffImageType(bytes: Uint8Array): LogoContentType | null {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 12 &&
    Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export async function setAccountLogo(
  db: Database,
  actor: AccountContext,
  bytes: Uint8Array,
): Promise<void> {
  if (bytes.length === 0) {
    throw new AppError('common.validation', 400, 'Choose an image file to upload.', {
      file: 'The file is empty.',
    });
  }
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError(ACCOUNT_ERROR_CODES.logoTooLarge, 413, 'The logo may be at most 1 MB.');
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw new AppError(
      ACCOUNT_ERROR_CODES.logoType,
      400,
      'The logo must be a PNG, JPEG or WebP image.',
      {
        file: 'Not a PNG, JPEG or WebP image.',
      },
    );
  }
  const data = Buffer.from(bytes);
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(accountLogos)
      .values({ accountId: actor.accountId, contentType, data, updatedAt })
      .onConflictDoUpdate({
        target: accountLogos.accountId,
        set: { contentType, data, updatedAt },
      });
    await recordAudit(tx, actor, {
      action: 'account.logo_updated',
      targetType: 'account',
      targetId: actor.accountId,
      data: { contentType, bytes: data.length },
    });
  });
}

export async function readAccountLogo(
  db: Database,
  scope: AccountContext,
): Promise<{ contentType: string; data: Buffer; updatedAt: Date }> {
  const rows = await db
    .select({
      contentType: accountLogos.contentType,
      data: accountLogos.data,
      updatedAt: accountLogos.updatedAt,
    })
    .from(accountLogos)
    .where(eq(accountLogos.accountId, scope.accountId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('This account has no logo.');
  return row;
}
