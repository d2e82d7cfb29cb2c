import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Support (docs/support.md): tickets an account's people open with the staff (the system
 * admins), a thread of markdown messages with image attachments, internal notes only staff
 * see, canned replies, and the help articles suggested before a ticket is opened. Owners and
 * admins see every ticket of their account; members see the ones they opened.
 */

export const SUPPORT_CATEGORIES = ['question', 'problem', 'billing', 'feature'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  question: 'Question',
  problem: 'Problem',
  billing: 'Billing',
  feature: 'Feature request',
};

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * `open`: the staff's turn; `waiting`: waiting on the customer (a staff reply sets it);
 * `resolved`: answered, closes by itself after SUPPORT_LIMITS.autoCloseDays of silence;
 * `closed`: done (the customer may reopen it).
 */
export const SUPPORT_STATUSES = ['open', 'waiting', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Open',
  waiting: 'Waiting on customer',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const SUPPORT_AUTHOR_KINDS = ['customer', 'staff'] as const;
export type SupportAuthorKind = (typeof SUPPORT_AUTHOR_KINDS)[number];

export const SUPPORT_LIMITS = {
  subject: 200,
  body: 20_000,
  /** Most images one message carries. */
  attachments: 5,
  pagePath: 500,
  appVersion: 100,
  /** Most tickets one list answer holds; `truncated` says when there are more. */
  list: 200,
  /** Most messages (replies and notes) a ticket keeps. */
  messages: 500,
  cannedTitle: 120,
  cannedReplies: 200,
  helpQuery: 200,
  /** Most articles the help search suggests. */
  helpResults: 5,
  /** A resolved ticket with no message for this many days is closed. */
  autoCloseDays: 7,
} as const;

export const SUPPORT_ERROR_CODES = {
  /** 404: no such ticket that you may see. */
  notFound: 'support.not_found',
  /** 400: an attachment id is not an image you uploaded for support. */
  invalidAttachment: 'support.invalid_attachment',
  /** 404: no such attachment on the ticket. */
  attachmentNotFound: 'support.attachment_not_found',
  /** 409: the ticket is closed; reopen it first. */
  closed: 'support.closed',
  /** 409: the ticket already has the most messages it may have. */
  tooManyMessages: 'support.too_many_messages',
  /** 400: the assignee is not a staff member (system admin). */
  invalidAssignee: 'support.invalid_assignee',
  /** 404: no such canned reply. */
  cannedNotFound: 'support.canned_not_found',
  /** 409: there are already SUPPORT_LIMITS.cannedReplies canned replies. */
  tooManyCanned: 'support.too_many_canned',
} as const;

const status = z.enum(SUPPORT_STATUSES, { error: 'must be open, waiting, resolved or closed' });
const priority = z.enum(SUPPORT_PRIORITIES, { error: 'must be low, normal, high or urgent' });
const category = z.enum(SUPPORT_CATEGORIES, {
  error: 'must be question, problem, billing or feature',
});
const subject = storableText()
  .trim()
  .min(1, 'Give the ticket a subject.')
  .max(SUPPORT_LIMITS.subject, `At most ${SUPPORT_LIMITS.subject} characters.`);
const body = storableText()
  .trim()
  .min(1, 'Write a message.')
  .max(SUPPORT_LIMITS.body, `At most ${SUPPORT_LIMITS.body} characters.`);
const attachmentIds = z
  .array(IdSchema)
  .max(SUPPORT_LIMITS.attachments, `At most ${SUPPORT_LIMITS.attachments} images.`)
  .default([]);

export const SupportPersonSchema = z.object({ id: z.string(), name: z.string() });
export type SupportPerson = z.infer<typeof SupportPersonSchema>;

export const SupportAttachmentSchema = z.object({
  id: z.string(),
  /** Where the viewer reads it (the ticket's attachment route for their side). */
  url: z.string(),
});
export type SupportAttachment = z.infer<typeof SupportAttachmentSchema>;

export const SupportTicketSchema = z.object({
  id: z.string(),
  /** The human number (#123), unique across all accounts. */
  number: z.number().int(),
  accountId: z.string(),
  accountName: z.string(),
  subject: z.string(),
  category,
  priority,
  status,
  pagePath: z.string().nullable(),
  appVersion: z.string().nullable(),
  createdBy: SupportPersonSchema.nullable(),
  /** The staff member handling it. */
  assignee: SupportPersonSchema.nullable(),
  /** Replies visible to the customer (internal notes are not counted for them). */
  messageCount: z.number().int(),
  /** The customer's oldest message the staff have not answered yet; null when answered. */
  awaitingSince: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const SupportMessageSchema = z.object({
  id: z.string(),
  author: SupportPersonSchema.nullable(),
  authorKind: z.enum(SUPPORT_AUTHOR_KINDS),
  /** An internal note: only staff ever receive it. */
  internal: z.boolean(),
  /** Markdown. */
  body: z.string(),
  attachments: z.array(SupportAttachmentSchema),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportTicketDetailSchema = SupportTicketSchema.extend({
  messages: z.array(SupportMessageSchema),
});
export type SupportTicketDetail = z.infer<typeof SupportTicketDetailSchema>;

export const SupportTicketListSchema = z.object({
  items: z.array(SupportTicketSchema),
  truncated: z.boolean(),
});
export type SupportTicketList = z.infer<typeof SupportTicketListSchema>;

export const SupportTicketParamsSchema = z.object({ id: IdSchema });
export const SupportAttachmentParamsSchema = z.object({ id: IdSchema, mediaId: IdSchema });

export const SupportTicketListQuerySchema = z.object({ status: status.optional() });
export type SupportTicketListQuery = z.infer<typeof SupportTicketListQuerySchema>;

export const SUPPORT_QUEUE_SORTS = ['waiting', 'newest'] as const;
export type SupportQueueSort = (typeof SUPPORT_QUEUE_SORTS)[number];

export const SupportQueueQuerySchema = z.object({
  status: status.optional(),
  priority: priority.optional(),
  /** A staff member's user id, `me` or `none`. */
  assignee: IdSchema.optional(),
  /** `waiting`: the customers waiting longest first (answered ones after); `newest`. */
  sort: z.enum(SUPPORT_QUEUE_SORTS, { error: 'must be waiting or newest' }).default('waiting'),
});
export type SupportQueueQuery = z.infer<typeof SupportQueueQuerySchema>;

export const CreateSupportTicketSchema = z.object({
  subject,
  category,
  priority: priority.default('normal'),
  body,
  attachmentIds,
  /** The page the ticket was raised from (the web app's path). */
  pagePath: storableText()
    .trim()
    .max(SUPPORT_LIMITS.pagePath, `At most ${SUPPORT_LIMITS.pagePath} characters.`)
    .optional(),
  appVersion: storableText()
    .trim()
    .max(SUPPORT_LIMITS.appVersion, `At most ${SUPPORT_LIMITS.appVersion} characters.`)
    .optional(),
});
export type CreateSupportTicket = z.input<typeof CreateSupportTicketSchema>;

export const SupportReplySchema = z.object({ body, attachmentIds });
export type SupportReply = z.input<typeof SupportReplySchema>;

/** A customer closes their ticket or reopens it. */
export const SetSupportTicketStatusSchema = z.object({
  status: z.enum(['open', 'closed'], { error: 'must be open or closed' }),
});
export type SetSupportTicketStatus = z.infer<typeof SetSupportTicketStatusSchema>;

/** A staff reply, or with `internal` a note customers never see. */
export const StaffReplySchema = z.object({
  body,
  internal: z.boolean().default(false),
  /** The ticket's status after a reply (default `waiting`; a note leaves it unchanged). */
  status: status.optional(),
});
export type StaffReply = z.input<typeof StaffReplySchema>;

export const UpdateSupportTicketSchema = z
  .object({
    status: status.optional(),
    priority: priority.optional(),
    /** A system admin's user id, or null to unassign. */
    assigneeId: IdSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Change at least one field.' });
export type UpdateSupportTicket = z.infer<typeof UpdateSupportTicketSchema>;

export const SupportStaffListSchema = z.object({ items: z.array(SupportPersonSchema) });
export type SupportStaffList = z.infer<typeof SupportStaffListSchema>;

export const CannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

export const CannedReplyListSchema = z.object({ items: z.array(CannedReplySchema) });
export type CannedReplyList = z.infer<typeof CannedReplyListSchema>;

export const SaveCannedReplySchema = z.object({
  title: storableText()
    .trim()
    .min(1, 'Give it a title.')
    .max(SUPPORT_LIMITS.cannedTitle, `At most ${SUPPORT_LIMITS.cannedTitle} characters.`),
  body,
});
export type SaveCannedReply = z.infer<typeof SaveCannedReplySchema>;

export const SupportHelpQuerySchema = z.object({
  q: storableText()
    .trim()
    .max(SUPPORT_LIMITS.helpQuery, `At most ${SUPPORT_LIMITS.helpQuery} characters.`)
    .default(''),
});

export const SupportHelpArticleSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type SupportHelpArticle = z.infer<typeof SupportHelpArticleSchema>;

export const SupportHelpListSchema = z.object({ items: z.array(SupportHelpArticleSchema) });
export type SupportHelpList = z.infer<typeof SupportHelpListSchema>;

/** An uploaded image, to send as one of a message's `attachmentIds`. */
export const SupportUploadSchema = z.object({ id: z.string() });
export type SupportUpload = z.infer<typeof SupportUploadSchema>;

/** Where a customer reads a ticket in the web app (also the e-mails' link). */
export const supportTicketPath = (id: string) => `/support?ticket=${encodeURIComponent(id)}`;
/** Where staff read a ticket in the service console. */
export const staffTicketPath = (id: string) => `/service/support/${encodeURIComponent(id)}`;
