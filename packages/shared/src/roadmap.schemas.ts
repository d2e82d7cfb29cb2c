import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * The public roadmap (docs/roadmap.md): one for the whole service, not per account. Items have
 * a title, a markdown description, a status and tags. Every signed-in person may suggest an
 * idea (seen by its author and staff until staff approve it), vote once per item (a toggle)
 * and comment. Staff (system admins) approve, edit, move between statuses and merge duplicates.
 */

export const ROADMAP_STATUSES = [
  'under_review',
  'planned',
  'in_progress',
  'done',
  'declined',
] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
export const ROADMAP_STATUS_LABELS: Record<RoadmapStatus, string> = {
  under_review: 'Under review',
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  declined: 'Declined',
};

/** How a list is ordered: trending (recent votes and comments), most voted, newest, board. */
export const ROADMAP_VIEWS = ['trending', 'top', 'new', 'board'] as const;
export type RoadmapView = (typeof ROADMAP_VIEWS)[number];
export const ROADMAP_VIEW_LABELS: Record<RoadmapView, string> = {
  trending: 'Trending',
  top: 'Most voted',
  new: 'Newest',
  board: 'Board',
};

export const ROADMAP_LIMITS = {
  title: 200,
  description: 20_000,
  comment: 5_000,
  tags: 5,
  tag: 30,
  /** Default and most items of one page. */
  page: 20,
  maxPage: 100,
  maxOffset: 10_000,
  /** Most comments one item keeps. */
  comments: 500,
  /** Trending: a vote or comment counts half as much after this many days. */
  halfLifeDays: 7,
  /** Suggestions per person per hour; comments per person per 10 minutes. */
  suggestionsPerHour: 5,
  commentsPer10Minutes: 20,
} as const;

export const ROADMAP_ERROR_CODES = {
  /** 404: no such item, or one the caller may not see (another person's pending suggestion). */
  notFound: 'roadmap.not_found',
  /** 409: the item was merged into another; vote or comment there. */
  merged: 'roadmap.merged',
  /** 409: already approved. */
  alreadyApproved: 'roadmap.already_approved',
  /** 400: an item cannot be merged into itself or into one merged elsewhere. */
  invalidMergeTarget: 'roadmap.invalid_merge_target',
  /** 409: the item has the most comments it may have. */
  tooManyComments: 'roadmap.too_many_comments',
} as const;

const title = storableText()
  .trim()
  .min(3, 'Give the idea a title of at least 3 characters.')
  .max(ROADMAP_LIMITS.title, `At most ${ROADMAP_LIMITS.title} characters.`);
const description = storableText().max(
  ROADMAP_LIMITS.description,
  `At most ${ROADMAP_LIMITS.description} characters.`,
);
const tag = storableText()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty.')
  .max(ROADMAP_LIMITS.tag, `At most ${ROADMAP_LIMITS.tag} characters per tag.`);
const tags = z
  .array(tag)
  .max(ROADMAP_LIMITS.tags, `At most ${ROADMAP_LIMITS.tags} tags.`)
  .transform((list) => [...new Set(list)]);
const status = z.enum(ROADMAP_STATUSES, {
  error: 'must be under_review, planned, in_progress, done or declined',
});

export const RoadmapItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status,
  tags: z.array(z.string()),
  /** Seen by everyone; false while a suggestion waits for staff. */
  approved: z.boolean(),
  voteCount: z.number().int(),
  commentCount: z.number().int(),
  /** The caller suggested it. */
  mine: z.boolean(),
  /** The caller voted for it. */
  voted: z.boolean(),
  /** Merged into this item: its votes moved there; it takes no more votes or comments. */
  mergedInto: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Who suggested it: only in staff answers (null elsewhere, and for items staff wrote). */
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoadmapItem = z.infer<typeof RoadmapItemSchema>;

export const RoadmapCommentSchema = z.object({
  id: z.string(),
  /** The author's display name ("A member" without one). */
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** Written on a duplicate merged into this item: that item. */
  fromItem: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type RoadmapComment = z.infer<typeof RoadmapCommentSchema>;

export const RoadmapItemDetailSchema = RoadmapItemSchema.extend({
  comments: z.array(RoadmapCommentSchema),
});
export type RoadmapItemDetail = z.infer<typeof RoadmapItemDetailSchema>;

const paging = {
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'at least 1')
    .max(ROADMAP_LIMITS.maxPage, `at most ${ROADMAP_LIMITS.maxPage}`)
    .default(ROADMAP_LIMITS.page),
  offset: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'at least 0')
    .max(ROADMAP_LIMITS.maxOffset, `at most ${ROADMAP_LIMITS.maxOffset}`)
    .default(0),
};

export const RoadmapListQuerySchema = z.object({
  view: z.enum(ROADMAP_VIEWS, { error: 'must be trending, top, new or board' }).default('trending'),
  status: status.optional(),
  tag: tag.optional(),
  ...paging,
});
export type RoadmapListQuery = z.output<typeof RoadmapListQuerySchema>;
export type RoadmapListQueryInput = z.input<typeof RoadmapListQuerySchema>;

export const RoadmapListSchema = z.object({
  items: z.array(RoadmapItemSchema),
  /** Pass as `offset` for the next page; null at the end. */
  nextOffset: z.number().int().nullable(),
  /** The tags in use on approved items, for the filter. */
  tags: z.array(z.string()),
});
export type RoadmapList = z.infer<typeof RoadmapListSchema>;

export const SuggestRoadmapItemSchema = z.object({
  title,
  description: description.default(''),
  tags: tags.default([]),
});
export type SuggestRoadmapItem = z.output<typeof SuggestRoadmapItemSchema>;
export type SuggestRoadmapItemInput = z.input<typeof SuggestRoadmapItemSchema>;

export const RoadmapVoteResultSchema = z.object({
  voted: z.boolean(),
  voteCount: z.number().int(),
});
export type RoadmapVoteResult = z.infer<typeof RoadmapVoteResultSchema>;

export const RoadmapCommentInputSchema = z.object({
  body: storableText()
    .trim()
    .min(1, 'Write a comment.')
    .max(ROADMAP_LIMITS.comment, `At most ${ROADMAP_LIMITS.comment} characters.`),
});
export type RoadmapCommentInput = z.infer<typeof RoadmapCommentInputSchema>;

/* Staff (service/roadmap) */

export const ROADMAP_STAFF_STATES = ['pending', 'approved', 'all'] as const;

export const StaffRoadmapListQuerySchema = z.object({
  /** Pending suggestions (oldest first), approved items, or all (newest first). */
  state: z.enum(ROADMAP_STAFF_STATES, { error: 'must be pending, approved or all' }).default('all'),
  /** Words of the title (the merge dialog's search). */
  q: storableText().trim().max(ROADMAP_LIMITS.title, 'Too long.').optional(),
  status: status.optional(),
  ...paging,
});
export type StaffRoadmapListQuery = z.output<typeof StaffRoadmapListQuerySchema>;
export type StaffRoadmapListQueryInput = z.input<typeof StaffRoadmapListQuerySchema>;

export const StaffRoadmapListSchema = z.object({
  items: z.array(RoadmapItemSchema),
  nextOffset: z.number().int().nullable(),
  /** Suggestions waiting for approval, whatever the filters. */
  pendingCount: z.number().int(),
});
export type StaffRoadmapList = z.infer<typeof StaffRoadmapListSchema>;

export const CreateRoadmapItemSchema = SuggestRoadmapItemSchema.extend({
  status: status.default('planned'),
});
export type CreateRoadmapItem = z.output<typeof CreateRoadmapItemSchema>;
export type CreateRoadmapItemInput = z.input<typeof CreateRoadmapItemSchema>;

export const UpdateRoadmapItemSchema = z
  .object({ title, description, tags })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type UpdateRoadmapItem = z.output<typeof UpdateRoadmapItemSchema>;

export const ApproveRoadmapItemSchema = z.object({
  /** The status it is published with (default: its current one). */
  status: status.optional(),
});
export type ApproveRoadmapItem = z.infer<typeof ApproveRoadmapItemSchema>;

export const SetRoadmapStatusSchema = z.object({ status });
export type SetRoadmapStatus = z.infer<typeof SetRoadmapStatusSchema>;

export const MergeRoadmapItemSchema = z.object({ targetId: IdSchema });
export type MergeRoadmapItem = z.infer<typeof MergeRoadmapItemSchema>;

export const MergeRoadmapResultSchema = z.object({
  /** The item merged into, with its votes now. */
  target: RoadmapItemSchema,
  /** Votes that moved (a person who voted for both counts once). */
  movedVotes: z.number().int(),
});
export type MergeRoadmapResult = z.infer<typeof MergeRoadmapResultSchema>;
