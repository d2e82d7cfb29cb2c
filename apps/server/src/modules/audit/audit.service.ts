import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { AuditAction, AuditPage, AuditQuery } from '@tenantry/shared';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Who did it, in which account: an AccountContext or a TenantContext (both carry these), or
 * the person joining an account by invitation.
 */
export type AuditScope = Pick<AccountContext, 'accountId' | 'userId' | 'email'>;

export interface AuditEntryInput {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
}

/** A database or a transaction: audit in the same transaction as the change it records. */
type Db = Pick<Database, 'insert'>;

export async function recordAudit(
  db: Db,
  scope: AuditScope,
  entry: AuditEntryInput,
): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    accountId: scope.accountId,
    actorUserId: scope.userId,
    actorEmail: scope.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    data: entry.data ?? {},
  });
}

/** Newest first, keyset-paged by (created_at, id), scoped to one account. */
export async function listAudit(
  db: Database,
  scope: AccountContext,
  opts: AuditQuery,
): Promise<AuditPage> {
  const { accountId } = scope;
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  if (opts.cursor && !after) {
    throw new AppError('common.validation', 400, 'The page cursor is not valid.', {
      cursor: 'Not a cursor this list gave out.',
    });
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, accountId),
        after
          ? or(
              lt(auditLog.createdAt, after.createdAt),
              and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({
      id: r.id,
      action: r.action,
      actorEmail: r.actorEmail,
      targetType: r.targetType,
      targetId: r.targetId,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const createdAt = new Date(iso);
    if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string') return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
