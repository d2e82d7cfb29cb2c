/** Canned replies of the service console (docs/support.md): at most SUPPORT_LIMITS.cannedReplies. */
import { randomUUID } from 'node:crypto';
import {
  SUPPORT_ERROR_CODES,
  SUPPORT_LIMITS,
  type CannedReply,
  type SaveCannedReply,
} from '@tenantry/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supportCannedReplies } from '../../db/schema/support.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffScope } from './ticket-rows.ts';

const cannedNotFound = () =>
  new AppError(SUPPORT_ERROR_CODES.cannedNotFound, 404, 'There is no such canned reply.');

const toCanned = (r: typeof supportCannedReplies.$inferSelect): CannedReply => ({
  id: r.id,
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listCanned(db: Database): Promise<CannedReply[]> {
  const rows = await db
    .select()
    .from(supportCannedReplies)
    .orderBy(asc(sql`lower(${supportCannedReplies.title})`), asc(supportCannedReplies.id))
    .limit(SUPPORT_LIMITS.cannedReplies);
  return rows.map(toCanned);
}

export async function createCanned(
  db: Database,
  staff: StaffScope,
  input: SaveCannedReply,
): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support:canned'))`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(supportCannedReplies);
    if (n >= SUPPORT_LIMITS.cannedReplies) {
      throw new AppError(
        SUPPORT_ERROR_CODES.tooManyCanned,
        409,
        `There are already ${SUPPORT_LIMITS.cannedReplies} canned replies.`,
      );
    }
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({ id: randomUUID(), title: input.title, body: input.body, createdBy: staff.userId })
      .returning();
    return toCanned(row!);
  });
}

export async function updateCanned(
  db: Database,
  _staff: StaffScope,
  id: string,
  input: SaveCannedReply,
): Promise<CannedReply> {
  const [row] = await db
    .update(supportCannedReplies)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(eq(supportCannedReplies.id, id))
    .returning();
  if (!row) throw cannedNotFound();
  return toCanned(row);
}

export async function deleteCanned(db: Database, _staff: StaffScope, id: string): Promise<void> {
  const rows = await db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  if (!rows.length) throw cannedNotFound();
}
