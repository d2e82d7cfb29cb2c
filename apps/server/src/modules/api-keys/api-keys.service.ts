/**
 * The account's API keys (docs/developer.md): created and revoked by owners and admins on the
 * Developer page, behind the plan's `api` feature. The secret is returned once by createApiKey
 * and never again; only its SHA-256 and its first characters are kept.
 */
import { randomUUID } from 'node:crypto';
import {
  API_KEY_ERROR_CODES,
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyList,
  type CreateApiKey,
  type CreatedApiKey,
} from '@tenantry/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { limited, tenantAccessWhere } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError } from '../../lib/errors.ts';
import { newSecret, sha256Hex } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertFeature } from '../billing/entitlements.ts';

/** Characters of the secret kept to recognise it by: the prefix and 8 more. */
const VISIBLE = API_KEY_PREFIX.length + 8;
const DAY_MS = 86_400_000;

const keyNotFound = () =>
  new AppError(API_KEY_ERROR_CODES.notFound, 404, 'There is no such API key in this account.');

type KeyRow = Omit<typeof apiKeys.$inferSelect, 'accessUserId'> & { tenantName: string | null };

function toApiKey(row: KeyRow, now = new Date()): ApiKey {
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    tenant: row.tenantId ? { id: row.tenantId, name: row.tenantName ?? '' } : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

/**
 * The keys a caller manages: every key of the account, or — for an admin limited to some client
 * tenants (docs/members.md) — only the keys acting within their own access (those they made);
 * another's key is not found.
 */
const managedBy = (scope: AccountContext) =>
  and(
    eq(apiKeys.accountId, scope.accountId),
    limited(scope) ? eq(apiKeys.accessUserId, scope.userId) : undefined,
  );

function selectKeys(db: Database, accountId: string) {
  return db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      tenantId: apiKeys.tenantId,
      expiresAt: apiKeys.expiresAt,
      createdBy: apiKeys.createdBy,
      createdByEmail: apiKeys.createdByEmail,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      revokedAt: apiKeys.revokedAt,
      tenantName: tenants.name,
    })
    .from(apiKeys)
    .leftJoin(tenants, and(eq(tenants.id, apiKeys.tenantId), eq(tenants.accountId, accountId)))
    .where(eq(apiKeys.accountId, accountId))
    .$dynamic();
}

/** Every key of the account, newest first (revoked ones too, marked so). */
export async function listApiKeys(db: Database, scope: AccountContext): Promise<ApiKeyList> {
  const rows = await selectKeys(db, scope.accountId)
    .where(managedBy(scope))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map((row) => toApiKey(row)) };
}

/** Creates a key and answers its secret, the only time it is ever sent. */
export async function createApiKey(
  db: Database,
  scope: AccountContext,
  input: CreateApiKey & { tenantId: string | null; expiresAt: string | null },
  now = new Date(),
): Promise<CreatedApiKey> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) {
    throw new AppError('common.validation', 400, 'The expiry must be in the future.', {
      expiresAt: 'Choose a time in the future.',
    });
  }
  if (expiresAt && expiresAt.getTime() - now.getTime() > API_KEY_LIMITS.maxDays * DAY_MS) {
    throw new AppError('common.validation', 400, 'The expiry is too far ahead.', {
      expiresAt: `At most ${API_KEY_LIMITS.maxDays} days ahead.`,
    });
  }
  const secret = `${API_KEY_PREFIX}${newSecret(32)}`;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await assertFeature(tx, scope.accountId, 'api');
    if (input.tenantId) {
      const [tenant] = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(
          and(
            eq(tenants.id, input.tenantId),
            eq(tenants.accountId, scope.accountId),
            // A key acts within its creator's client-tenant access: a tenant outside it is
            // refused like another account's.
            tenantAccessWhere(scope),
          ),
        );
      if (!tenant) {
        throw new AppError('common.validation', 400, 'There is no such client tenant.', {
          tenantId: 'Choose one of the account’s client tenants.',
        });
      }
    }
    // One creation at a time per account, so the count below holds.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${scope.accountId}`}, 0))`,
    );
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, scope.accountId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEY_LIMITS.perAccount) {
      throw new AppError(
        API_KEY_ERROR_CODES.tooMany,
        409,
        `An account holds at most ${API_KEY_LIMITS.perAccount} API keys. Revoke one you no longer use first.`,
      );
    }
    await tx.insert(apiKeys).values({
      id,
      accountId: scope.accountId,
      name: input.name,
      prefix: secret.slice(0, VISIBLE),
      secretHash: sha256Hex(secret),
      scopes: input.scopes,
      tenantId: input.tenantId,
      expiresAt,
      createdBy: scope.userId,
      createdByEmail: scope.email,
      // Read at every request of the key: a later change of the creator's access applies.
      accessUserId: scope.userId,
      createdAt: now,
    });
    await recordAudit(tx, scope, {
      action: 'api_keys.created',
      targetType: 'api_key',
      targetId: id,
      data: { name: input.name, scopes: input.scopes, tenantId: input.tenantId },
    });
  });
  const [row] = await selectKeys(db, scope.accountId).where(
    and(eq(apiKeys.accountId, scope.accountId), eq(apiKeys.id, id)),
  );
  if (!row) throw keyNotFound();
  return { key: toApiKey(row, now), secret };
}

/** Revokes a key: its next request is refused. Revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Database, scope: AccountContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revokedAt: apiKeys.revokedAt, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), managedBy(scope)))
      .for('update');
    if (!row) throw keyNotFound();
    if (row.revokedAt) return;
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, scope.accountId)));
    await recordAudit(tx, scope, {
      action: 'api_keys.revoked',
      targetType: 'api_key',
      targetId: id,
      data: { name: row.name },
    });
  });
}
