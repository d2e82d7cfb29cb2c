/**
 * The public roadmap (docs/roadmap.md). One for the whole service: its rows belong to no
 * account, so the scope of every query is the person — an approved item is seen by every
 * signed-in person, a suggestion waiting for approval only by its author and staff.
 *
 * Votes are rows (item, user); the item's `vote_count` changes in the same transaction as the
 * vote, after the item's row is locked, so two toggles at once stay consistent. Trending is a
 * score computed in SQL on read: every vote weighs 1 and every comment ½, halved for each
 * `ROADMAP_LIMITS.halfLifeDays` of age.
 */
import { randomUUID } from 'node:crypto';
import {
  ROADMAP_ERROR_CODES,
  ROADMAP_LIMITS,
  ROADMAP_STATUS_LABELS,
  ROADMAP_STATUSES,
  type ApproveRoadmapItem,
  type AuditAction,
  type CreateRoadmapItem,
  type RoadmapComment,
  type RoadmapItem,
  type RoadmapItemDetail,
  type RoadmapList,
  type RoadmapListQuery,
  type RoadmapStatus,
  type RoadmapVoteResult,
  type StaffRoadmapList,
  type StaffRoadmapListQuery,
  type SuggestRoadmapItem,
  type UpdateRoadmapItem,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { roadmapComments, roadmapItems, roadmapVotes } from '../../db/schema/roadmap.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
import { layout } from '../../lib/mail/layout.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Db = Database | Tx;
type ItemRow = typeof roadmapItems.$inferSelect;

/** Who asks: the signed-in person; `staff` for a system admin (sees every item). */
export interface RoadmapScope {
  userId: string;
  email: string;
  staff: boolean;
  /** The account the person acts for: where a staff change is audited (none: not audited). */
  accountId: string | null;
}

export const itemNotFound = () =>
  new AppError(ROADMAP_ERROR_CODES.notFound, 404, 'There is no such item on the roadmap.');
const mergedError = () =>
  new AppError(
    ROADMAP_ERROR_CODES.merged,
    409,
    'This item was merged into another one: vote and comment there.',
  );

const target = alias(roadmapItems, 'merge_target');
const author = alias(users, 'item_author');

/** Seen by the caller: approved, their own suggestion, or anything for staff. */
function visibleTo(scope: RoadmapScope): SQL | undefined {
  if (scope.staff) return undefined;
  return or(isNotNull(roadmapItems.approvedAt), eq(roadmapItems.authorId, scope.userId));
}

const HALF_LIFE_SECONDS = ROADMAP_LIMITS.halfLifeDays * 24 * 3600;
const decayed = (table: 'roadmap_votes' | 'roadmap_comments') =>
  sql`coalesce((select sum(power(0.5, extract(epoch from (now() - x.created_at)) / ${HALF_LIFE_SECONDS}))
      from ${sql.raw(table)} x where x.item_id = ${roadmapItems.id}), 0)`;
/** Trending: votes weigh 1 and comments ½, each halving every `halfLifeDays`. */
const trendingScore = sql`(${decayed('roadmap_votes')} + 0.5 * ${decayed('roadmap_comments')})`;
const statusOrder = sql`array_position(array[${sql.raw(
  ROADMAP_STATUSES.map((s) => `'${s}'`).join(','),
)}]::text[], ${roadmapItems.status})`;

function columns(scope: RoadmapScope) {
  return {
    item: roadmapItems,
    voted: sql<boolean>`exists(select 1 from roadmap_votes v where v.item_id = ${roadmapItems.id} and v.user_id = ${scope.userId})`,
    targetId: target.id,
    targetTitle: target.title,
    authorName: author.name,
    authorEmail: author.email,
  };
}
type Joined = {
  item: ItemRow;
  voted: boolean;
  targetId: string | null;
  targetTitle: string | null;
  authorName: string | null;
  authorEmail: string | null;
};

function selectItems(db: Db, scope: RoadmapScope) {
  return db
    .select(columns(scope))
    .from(roadmapItems)
    .leftJoin(target, eq(target.id, roadmapItems.mergedIntoId))
    .leftJoin(author, eq(author.id, roadmapItems.authorId));
}

function toItem(j: Joined, scope: RoadmapScope): RoadmapItem {
  const { item } = j;
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    status: item.status,
    tags: item.tags,
    approved: item.approvedAt !== null,
    voteCount: item.voteCount,
    commentCount: item.commentCount,
    mine: item.authorId !== null && item.authorId === scope.userId,
    voted: Boolean(j.voted),
    mergedInto: j.targetId ? { id: j.targetId, title: j.targetTitle ?? '' } : null,
    author:
      scope.staff && item.authorId && j.authorEmail
        ? { id: item.authorId, name: j.authorName || j.authorEmail, email: j.authorEmail }
        : null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

async function readItem(db: Db, scope: RoadmapScope, id: string): Promise<RoadmapItem> {
  const [row] = await selectItems(db, scope).where(and(eq(roadmapItems.id, id), visibleTo(scope)));
  if (!row) throw itemNotFound();
  return toItem(row, scope);
}

/** The item's row, locked for the rest of the transaction; 404 when the caller cannot see it. */
async function lockItem(tx: Tx, scope: RoadmapScope, id: string): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(roadmapItems)
    .where(and(eq(roadmapItems.id, id), visibleTo(scope)))
    .for('update');
  if (!row) throw itemNotFound();
  return row;
}

const ORDER: Record<RoadmapListQuery['view'], SQL[]> = {
  trending: [sql`${trendingScore} desc`, desc(roadmapItems.createdAt), asc(roadmapItems.id)],
  top: [desc(roadmapItems.voteCount), desc(roadmapItems.createdAt), asc(roadmapItems.id)],
  new: [desc(roadmapItems.createdAt), asc(roadmapItems.id)],
  board: [sql`${statusOrder}`, desc(roadmapItems.voteCount), asc(roadmapItems.id)],
};

/** Approved items (and the caller's own pending suggestions), merged ones left out. */
export async function listItems(
  db: Database,
  scope: RoadmapScope,
  query: RoadmapListQuery,
): Promise<RoadmapList> {
  const where = and(
    or(isNotNull(roadmapItems.approvedAt), eq(roadmapItems.authorId, scope.userId)),
    isNull(roadmapItems.mergedIntoId),
    query.status ? eq(roadmapItems.status, query.status) : undefined,
    query.tag ? sql`${roadmapItems.tags} @> array[${query.tag}]::text[]` : undefined,
  );
  const [rows, tagRows] = await Promise.all([
    selectItems(db, scope)
      .where(where)
      .orderBy(...ORDER[query.view])
      .limit(query.limit + 1)
      .offset(query.offset),
    db
      .selectDistinct({ tag: sql<string>`unnest(${roadmapItems.tags})` })
      .from(roadmapItems)
      .where(and(isNotNull(roadmapItems.approvedAt), isNull(roadmapItems.mergedIntoId)))
      .limit(200),
  ]);
  return {
    items: rows.slice(0, query.limit).map((r) => toItem(r, scope)),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
    tags: tagRows.map((r) => r.tag).sort((a, b) => a.localeCompare(b)),
  };
}

/** One item with its comments, and those of the duplicates merged into it. */
export async function getItem(
  db: Database,
  scope: RoadmapScope,
  id: string,
): Promise<RoadmapItemDetail> {
  const item = await readItem(db, scope, id);
  const from = alias(roadmapItems, 'comment_item');
  const rows = await db
    .select({
      c: roadmapComments,
      authorName: users.name,
      fromId: from.id,
      fromTitle: from.title,
    })
    .from(roadmapComments)
    .innerJoin(from, eq(from.id, roadmapComments.itemId))
    .leftJoin(users, eq(users.id, roadmapComments.authorId))
    .where(or(eq(roadmapComments.itemId, id), eq(from.mergedIntoId, id)))
    .orderBy(asc(roadmapComments.createdAt), asc(roadmapComments.id))
    .limit(ROADMAP_LIMITS.comments * 2);
  const comments: RoadmapComment[] = rows.map((r) => ({
    id: r.c.id,
    authorName: r.authorName?.trim() || 'A member',
    mine: r.c.authorId !== null && r.c.authorId === scope.userId,
    body: r.c.body,
    createdAt: r.c.createdAt.toISOString(),
    fromItem: r.fromId === id ? null : { id: r.fromId, title: r.fromTitle },
  }));
  return { ...item, comments };
}

/** A signed-in person's idea: waits for staff approval (seen by its author until then). */
export async function suggestItem(
  db: Database,
  scope: RoadmapScope,
  input: SuggestRoadmapItem,
): Promise<RoadmapItem> {
  const id = randomUUID();
  await db.insert(roadmapItems).values({
    id,
    title: input.title,
    description: input.description,
    tags: input.tags,
    status: 'under_review',
    authorId: scope.userId,
  });
  return readItem(db, scope, id);
}

/** Adds the caller's vote, or takes it back when there is one. */
export async function toggleVote(
  db: Database,
  scope: RoadmapScope,
  id: string,
): Promise<RoadmapVoteResult> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, scope, id);
    if (item.mergedIntoId) throw mergedError();
    const removed = await tx
      .delete(roadmapVotes)
      .where(and(eq(roadmapVotes.itemId, id), eq(roadmapVotes.userId, scope.userId)))
      .returning({ userId: roadmapVotes.userId });
    if (removed.length === 0) {
      await tx.insert(roadmapVotes).values({ itemId: id, userId: scope.userId });
    }
    const [row] = await tx
      .update(roadmapItems)
      .set({ voteCount: sql`${roadmapItems.voteCount} + ${removed.length === 0 ? 1 : -1}` })
      .where(eq(roadmapItems.id, id))
      .returning({ voteCount: roadmapItems.voteCount });
    return { voted: removed.length === 0, voteCount: row?.voteCount ?? 0 };
  });
}

export async function addComment(
  db: Database,
  scope: RoadmapScope,
  id: string,
  body: string,
): Promise<RoadmapItemDetail> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, scope, id);
    if (item.mergedIntoId) throw mergedError();
    if (item.commentCount >= ROADMAP_LIMITS.comments) {
      throw new AppError(
        ROADMAP_ERROR_CODES.tooManyComments,
        409,
        'This item has the most comments it may have.',
      );
    }
    await tx
      .insert(roadmapComments)
      .values({ id: randomUUID(), itemId: id, authorId: scope.userId, body });
    await tx
      .update(roadmapItems)
      .set({ commentCount: sql`${roadmapItems.commentCount} + 1` })
      .where(eq(roadmapItems.id, id));
  });
  return getItem(db, scope, id);
}

/* Staff (service/roadmap) */

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
