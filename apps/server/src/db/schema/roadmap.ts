/**
 * The public roadmap (docs/roadmap.md): one for the whole service, so its rows belong to no
 * account. Votes are rows (item, user) — a person's vote counts once — and `vote_count` on the
 * item is kept in the same transaction as the vote it counts.
 */
import type { RoadmapStatus } from '@tenantry/shared';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const roadmapItems = pgTable(
  'roadmap_items',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<RoadmapStatus>().notNull().default('under_review'),
    tags: text('tags').array().notNull().default([]),
    /** Who suggested it (null for items staff wrote, or once the person is deleted). */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null while a suggestion waits for staff: then only its author and staff see it. */
    approvedAt: tz('approved_at'),
    /** Merged into that item (its votes moved there). */
    mergedIntoId: text('merged_into_id').references((): AnyPgColumn => roadmapItems.id, {
      onDelete: 'set null',
    }),
    voteCount: integer('vote_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** When the voters were told it shipped (once per item). */
    shippedMailedAt: tz('shipped_mailed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('roadmap_items_status_idx').on(t.status, t.voteCount),
    index('roadmap_items_merged_idx').on(t.mergedIntoId),
    index('roadmap_items_author_idx').on(t.authorId),
  ],
);

export const roadmapVotes = pgTable(
  'roadmap_votes',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('roadmap_votes_user_idx').on(t.userId),
  ],
);

export const roadmapComments = pgTable(
  'roadmap_comments',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('roadmap_comments_item_idx').on(t.itemId, t.createdAt)],
);
