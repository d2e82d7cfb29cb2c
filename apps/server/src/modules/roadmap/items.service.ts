/**
 * The roadmap as people read it (docs/roadmap.md): the approved items in four views, one item
 * with its comments (and those of the duplicates merged into it), a suggestion, a comment.
 */
import { randomUUID } from 'node:crypto';
import {
  ROADMAP_ERROR_CODES,
  ROADMAP_LIMITS,
  type RoadmapComment,
  type RoadmapItem,
  type RoadmapItemDetail,
  type RoadmapList,
  type RoadmapListQuery,
  type SuggestRoadmapItem,
} from '@tenantry/shared';
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { roadmapComments, roadmapItems } from '../../db/schema/roadmap.ts';
import { AppError } from '../../lib/errors.ts';
import {
  lockItem,
  mergedError,
  readItem,
  selectItems,
  statusOrder,
  toItem,
  trendingScore,
  type RoadmapScope,
} from './item-rows.ts';

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
