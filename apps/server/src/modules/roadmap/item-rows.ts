/**
 * A roadmap item as stored and read (docs/roadmap.md). The roadmap is one for the whole
 * service: its rows belong to no account, so the scope of every query is the person — an
 * approved item is seen by every signed-in person, a suggestion waiting for approval only by
 * its author and staff. Trending is a score computed in SQL on read: every vote weighs 1 and
 * every comment ½, halved for each `ROADMAP_LIMITS.halfLifeDays` of age. The use cases build on
 * it: items.service.ts (read, suggest, comment), votes.service.ts, triage.service.ts (staff).
 */
import {
  ROADMAP_ERROR_CODES,
  ROADMAP_LIMITS,
  ROADMAP_STATUSES,
  type RoadmapItem,
} from '@tenantry/shared';
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { roadmapItems } from '../../db/schema/roadmap.ts';
import { AppError } from '../../lib/errors.ts';

export type Db = Database | Tx;
export type ItemRow = typeof roadmapItems.$inferSelect;

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
export const mergedError = () =>
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
export const trendingScore = sql`(${decayed('roadmap_votes')} + 0.5 * ${decayed('roadmap_comments')})`;
export const statusOrder = sql`array_position(array[${sql.raw(
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

export function selectItems(db: Db, scope: RoadmapScope) {
  return db
    .select(columns(scope))
    .from(roadmapItems)
    .leftJoin(target, eq(target.id, roadmapItems.mergedIntoId))
    .leftJoin(author, eq(author.id, roadmapItems.authorId));
}

export function toItem(j: Joined, scope: RoadmapScope): RoadmapItem {
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

export async function readItem(db: Db, scope: RoadmapScope, id: string): Promise<RoadmapItem> {
  const [row] = await selectItems(db, scope).where(and(eq(roadmapItems.id, id), visibleTo(scope)));
  if (!row) throw itemNotFound();
  return toItem(row, scope);
}

/** The item's row, locked for the rest of the transaction; 404 when the caller cannot see it. */
export async function lockItem(tx: Tx, scope: RoadmapScope, id: string): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(roadmapItems)
    .where(and(eq(roadmapItems.id, id), visibleTo(scope)))
    .for('update');
  if (!row) throw itemNotFound();
  return row;
}
