/**
 * Votes on the roadmap (docs/roadmap.md): rows (item, user); the item's `vote_count` changes in
 * the same transaction as the vote, after the item's row is locked, so two toggles at once stay
 * consistent.
 */
import type { RoadmapVoteResult } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roadmapItems, roadmapVotes } from '../../db/schema/roadmap.ts';
import { lockItem, mergedError, type RoadmapScope } from './item-rows.ts';

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
