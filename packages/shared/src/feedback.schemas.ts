import { z } from 'zod';
import { CreateSupportTicketSchema } from './support.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Feedback (docs/feedback.md): the small form on every page of the main layout. A signed-in
 * member rates the product 1–5 and may add a comment; the page path and the app version come
 * along. System admins (the staff) read it in service/feedback, filter it by page, rating and
 * whether it was handled, and mark it handled.
 */

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_RATING_LABELS: Record<FeedbackRating, string> = {
  1: 'Very poor',
  2: 'Poor',
  3: 'Okay',
  4: 'Good',
  5: 'Very good',
};

export const FEEDBACK_LIMITS = {
  comment: 2_000,
  pagePath: 500,
  appVersion: 64,
  /** Most feedback one person sends in `windowSeconds`; over it, 429 with Retry-After. */
  perUser: 10,
  windowSeconds: 3_600,
  /** Largest page of the staff list. */
  page: 100,
} as const;

export const FEEDBACK_ERROR_CODES = {
  /** 404: no such feedback. */
  notFound: 'feedback.not_found',
  /** 409: the feedback was turned into a roadmap item (or a ticket) already. */
  alreadyLinked: 'feedback.already_linked',
  /** 409: the sender is not a member of the feedback's account (any more): no one to open a ticket for. */
  noSender: 'feedback.no_sender',
} as const;

/**
 * The path of a page of the app: starts with one `/`, no query or fragment (`?`, `#`), no
 * spaces or control characters. The widget sends `location.pathname`.
 */
export const FeedbackPagePathSchema = storableText()
  .min(1, 'Give the page path.')
  .max(FEEDBACK_LIMITS.pagePath, `At most ${FEEDBACK_LIMITS.pagePath} characters.`)
  .regex(/^\/(?!\/)[^\s?#\p{Cc}]*$/u, 'A path of the app, like /tenant/abc/overview.');

/** The app's version: the build's timestamp (version.json), or `dev` for a development build. */
export const FeedbackAppVersionSchema = storableText()
  .min(1)
  .max(FEEDBACK_LIMITS.appVersion)
  .regex(/^[\w.+-]+$/, 'Letters, digits and . _ + - only.');

const rating = z
  .number({ error: 'Pick a rating from 1 to 5.' })
  .int('Pick a rating from 1 to 5.')
  .min(1, 'Pick a rating from 1 to 5.')
  .max(5, 'Pick a rating from 1 to 5.');

/** POST /api/v1/feedback */
export const CreateFeedbackSchema = z.object({
  rating,
  comment: storableText()
    .trim()
    .max(FEEDBACK_LIMITS.comment, `At most ${FEEDBACK_LIMITS.comment} characters.`)
    .default(''),
  pagePath: FeedbackPagePathSchema,
  appVersion: FeedbackAppVersionSchema,
});
export type CreateFeedback = z.output<typeof CreateFeedbackSchema>;
export type CreateFeedbackInput = z.input<typeof CreateFeedbackSchema>;

/** What the sender gets back: that it arrived, nothing more. */
export const FeedbackReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
export type FeedbackReceipt = z.infer<typeof FeedbackReceiptSchema>;

/** One feedback as the staff see it. */
export const FeedbackItemSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  pagePath: z.string(),
  appVersion: z.string(),
  /** The sender (null once their user is deleted). */
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The account they acted for when they sent it (null once it is deleted). */
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** The system admin who marked it handled (null when not handled, or their user is gone). */
  handledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The support ticket it was turned into, if any. */
  ticketId: z.string().nullable(),
  /** The roadmap item it was turned into, if any. */
  roadmapItemId: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FEEDBACK_HANDLED_FILTERS = ['all', 'open', 'handled'] as const;
export type FeedbackHandledFilter = (typeof FEEDBACK_HANDLED_FILTERS)[number];

/** GET /api/v1/service/feedback: newest first, keyset-paged. */
export const FeedbackListQuerySchema = z.object({
  /** Only feedback sent from this exact page path. */
  page: FeedbackPagePathSchema.optional(),
  /** Only this rating. */
  rating: z.coerce
    .number({ error: 'must be 1 to 5' })
    .int('must be 1 to 5')
    .min(1, 'must be 1 to 5')
    .max(5, 'must be 1 to 5')
    .optional(),
  /** `open` (not handled yet), `handled`, or `all` (the default). */
  handled: z
    .enum(FEEDBACK_HANDLED_FILTERS, { error: 'must be all, open or handled' })
    .default('all'),
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(FEEDBACK_LIMITS.page).default(50),
});
export type FeedbackListQuery = z.output<typeof FeedbackListQuerySchema>;
export type FeedbackListQueryInput = z.input<typeof FeedbackListQuerySchema>;

export const FeedbackListSchema = z.object({
  items: z.array(FeedbackItemSchema),
  nextCursor: z.string().nullable(),
  /** Feedback not handled yet, over all of it (whatever the filters). */
  openCount: z.number().int(),
});
export type FeedbackList = z.infer<typeof FeedbackListSchema>;

/** PATCH /api/v1/service/feedback/{id}: mark handled, or not handled again. */
export const UpdateFeedbackSchema = z.object({ handled: z.boolean() });
export type UpdateFeedback = z.infer<typeof UpdateFeedbackSchema>;

/**
 * POST /api/v1/service/feedback/{id}/ticket: a support ticket in the sender's name (their
 * account; the feedback's page and version), written by staff from the feedback.
 */
export const FeedbackToTicketSchema = CreateSupportTicketSchema.pick({
  subject: true,
  category: true,
  priority: true,
  body: true,
});
export type FeedbackToTicket = z.output<typeof FeedbackToTicketSchema>;
export type FeedbackToTicketInput = z.input<typeof FeedbackToTicketSchema>;
