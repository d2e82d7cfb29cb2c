/**
 * Staff's side of the roadmap, in the service console (docs/roadmap.md): the list with the
 * suggestions waiting, items put on the roadmap directly, changes, approval, status moves (on
 * `done` the voters are e-mailed, once per item) and merging duplicates. Changes are audited in
 * the account the staff member acts for.
 */
import { randomUUID } from 'node:crypto';
import {
  ROADMAP_ERROR_CODES,
  ROADMAP_STATUS_LABELS,
  type ApproveRoadmapItem,
  type AuditAction,
  type CreateRoadmapItem,
  type RoadmapItem,
  type RoadmapStatus,
  type StaffRoadmapList,
  type StaffRoadmapListQuery,
  type UpdateRoadmapItem,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { roadmapItems, roadmapVotes } from '../../db/schema/roadmap.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
import { layout } from '../../lib/mail/layout.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  itemNotFound,
  lockItem,
  mergedError,
  readItem,
  selectItems,
  toItem,
  type ItemRow,
  type RoadmapScope,
} from './item-rows.ts';

// Who asks, as other modules hand it in (feedback puts an item on the roadmap as staff).
export type { RoadmapScope };

async function audit(
  tx: Tx,
  scope: RoadmapScope,
  action: AuditAction,
  itemId: string,
  data: Record<string, unknown>,
) {
  if (!scope.accountId) return;
  await recordAudit(
    tx,
    { accountId: scope.accountId, userId: scope.userId, email: scope.email },
    { action, targetType: 'roadmap_item', targetId: itemId, data },
  );
}

export async function staffList(
  db: Database,
  scope: RoadmapScope,
  query: StaffRoadmapListQuery,
): Promise<StaffRoadmapList> {
  const pending = and(isNull(roadmapItems.approvedAt), isNull(roadmapItems.mergedIntoId));
  const where = and(
    query.state === 'pending'
      ? pending
      : query.state === 'approved'
        ? and(isNotNull(roadmapItems.approvedAt), isNull(roadmapItems.mergedIntoId))
        : undefined,
    query.status ? eq(roadmapItems.status, query.status) : undefined,
    query.q ? sql`${roadmapItems.title} ilike ${`%${escapeLike(query.q)}%`}` : undefined,
  );
  const order =
    query.state === 'pending'
      ? [asc(roadmapItems.createdAt), asc(roadmapItems.id)]
      : [desc(roadmapItems.createdAt), asc(roadmapItems.id)];
  const [rows, [count]] = await Promise.all([
    selectItems(db, scope)
      .where(where)
      .orderBy(...order)
      .limit(query.limit + 1)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(roadmapItems)
      .where(pending),
  ]);
  return {
    items: rows.slice(0, query.limit).map((r) => toItem(r, scope)),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
    pendingCount: Number(count?.n ?? 0),
  };
}

/** An item staff put on the roadmap directly: approved at once. */
export async function createItem(
  db: Database,
  scope: RoadmapScope,
  input: CreateRoadmapItem,
): Promise<RoadmapItem> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(roadmapItems).values({
      id,
      title: input.title,
      description: input.description,
      tags: input.tags,
      status: input.status,
      approvedAt: new Date(),
      // Done from the start: nobody voted yet, so nobody is told.
      shippedMailedAt: input.status === 'done' ? new Date() : null,
    });
    await audit(tx, scope, 'roadmap.created', id, { title: input.title, status: input.status });
  });
  return readItem(db, scope, id);
}

export async function updateItem(
  db: Database,
  scope: RoadmapScope,
  id: string,
  input: UpdateRoadmapItem,
): Promise<RoadmapItem> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, scope, id);
    await tx
      .update(roadmapItems)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(roadmapItems.id, id));
    await audit(tx, scope, 'roadmap.updated', id, {
      title: input.title ?? item.title,
      fields: Object.keys(input),
    });
  });
  return readItem(db, scope, id);
}

/** The voters of an item now done, once per item: their addresses (sent after the commit). */
async function shippedVoters(tx: Tx, item: ItemRow, status: RoadmapStatus): Promise<string[]> {
  if (status !== 'done' || item.shippedMailedAt) return [];
  await tx
    .update(roadmapItems)
    .set({ shippedMailedAt: new Date() })
    .where(eq(roadmapItems.id, item.id));
  const rows = await tx
    .select({ email: users.email })
    .from(roadmapVotes)
    .innerJoin(users, eq(users.id, roadmapVotes.userId))
    .where(eq(roadmapVotes.itemId, item.id));
  return rows.map((r) => r.email);
}

async function mailShipped(mail: MailContext, item: RoadmapItem, to: string[]) {
  const url = `${mail.publicUrl}/roadmap?item=${encodeURIComponent(item.id)}`;
  for (const address of to) {
    try {
      await mail.mailer.send(
        layout(
          address,
          `Shipped: ${item.title}`,
          [
            `Good news: “${item.title}”, which you voted for on the Tenantry roadmap, is done.`,
            'Thank you for telling us what matters to you.',
          ],
          { url, label: 'See it on the roadmap' },
        ),
      );
    } catch (err) {
      mail.log.error({ err, itemId: item.id }, 'roadmap: the shipped e-mail was not sent');
    }
  }
}

async function changeStatus(
  db: Database,
  scope: RoadmapScope,
  id: string,
  mail: MailContext,
  change: (item: ItemRow) => { status: RoadmapStatus; approve: boolean },
): Promise<RoadmapItem> {
  const voters = await db.transaction(async (tx) => {
    const item = await lockItem(tx, scope, id);
    const { status, approve } = change(item);
    await tx
      .update(roadmapItems)
      .set({
        status,
        updatedAt: new Date(),
        ...(approve ? { approvedAt: new Date() } : {}),
      })
      .where(eq(roadmapItems.id, id));
    const data = { title: item.title, status, statusLabel: ROADMAP_STATUS_LABELS[status] };
    if (approve) await audit(tx, scope, 'roadmap.approved', id, data);
    if (status !== item.status) {
      await audit(tx, scope, 'roadmap.status_changed', id, { ...data, from: item.status });
    }
    return shippedVoters(tx, item, status);
  });
  const item = await readItem(db, scope, id);
  if (voters.length > 0) await mailShipped(mail, item, voters);
  return item;
}

export async function approveItem(
  db: Database,
  scope: RoadmapScope,
  id: string,
  input: ApproveRoadmapItem,
  mail: MailContext,
): Promise<RoadmapItem> {
  return changeStatus(db, scope, id, mail, (item) => {
    if (item.approvedAt) {
      throw new AppError(
        ROADMAP_ERROR_CODES.alreadyApproved,
        409,
        'This item is already on the roadmap.',
      );
    }
    if (item.mergedIntoId) throw mergedError();
    return { status: input.status ?? item.status, approve: true };
  });
}

/** Moves an item to a status; on `done` its voters are e-mailed (once per item). */
export async function setStatus(
  db: Database,
  scope: RoadmapScope,
  id: string,
  status: RoadmapStatus,
  mail: MailContext,
): Promise<RoadmapItem> {
  return changeStatus(db, scope, id, mail, () => ({ status, approve: false }));
}

/**
 * Merges the duplicate `id` into `targetId`: its votes move (a person who voted for both
 * counts once), its comments stay on it and show on the target, items merged into it point to
 * the target, and it takes no more votes or comments.
 */
export async function mergeItem(
  db: Database,
  scope: RoadmapScope,
  id: string,
  targetId: string,
): Promise<{ target: RoadmapItem; movedVotes: number }> {
  if (id === targetId) {
    throw new AppError(
      ROADMAP_ERROR_CODES.invalidMergeTarget,
      400,
      'An item cannot be merged into itself.',
      { targetId: 'Pick another item.' },
    );
  }
  const movedVotes = await db.transaction(async (tx) => {
    // Both rows locked in one statement, in id order (no deadlock with a merge the other way).
    const rows = await tx
      .select()
      .from(roadmapItems)
      .where(inArray(roadmapItems.id, [id, targetId]))
      .orderBy(asc(roadmapItems.id))
      .for('update');
    const dup = rows.find((r) => r.id === id);
    const into = rows.find((r) => r.id === targetId);
    if (!dup) throw itemNotFound();
    if (dup.mergedIntoId) throw mergedError();
    if (!into || into.mergedIntoId) {
      throw new AppError(
        ROADMAP_ERROR_CODES.invalidMergeTarget,
        400,
        'Merge into an item that is on the roadmap and not merged itself.',
        { targetId: into ? 'That item was merged into another one.' : 'There is no such item.' },
      );
    }
    const moved = await tx
      .insert(roadmapVotes)
      .select(
        tx
          .select({
            itemId: sql<string>`${targetId}::text`.as('item_id'),
            userId: roadmapVotes.userId,
            createdAt: roadmapVotes.createdAt,
          })
          .from(roadmapVotes)
          .where(eq(roadmapVotes.itemId, id)),
      )
      .onConflictDoNothing()
      .returning({ userId: roadmapVotes.userId });
    await tx.delete(roadmapVotes).where(eq(roadmapVotes.itemId, id));
    await tx
      .update(roadmapItems)
      .set({ mergedIntoId: targetId, updatedAt: new Date() })
      .where(or(eq(roadmapItems.id, id), eq(roadmapItems.mergedIntoId, id)));
    await tx.update(roadmapItems).set({ voteCount: 0 }).where(eq(roadmapItems.id, id));
    await tx
      .update(roadmapItems)
      .set({
        voteCount: sql`(select count(*)::int from roadmap_votes v where v.item_id = ${targetId})`,
        updatedAt: new Date(),
      })
      .where(eq(roadmapItems.id, targetId));
    await audit(tx, scope, 'roadmap.merged', id, {
      title: dup.title,
      targetId,
      targetTitle: into.title,
      movedVotes: moved.length,
    });
    return moved.length;
  });
  return { target: await readItem(db, scope, targetId), movedVotes };
}
