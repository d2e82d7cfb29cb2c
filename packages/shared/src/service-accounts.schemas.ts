/**
 * The service console's accounts tab (docs/service-console.md, "Service console: accounts"):
 * every account, searchable and filtered, keyset-paged; one account's page; suspend and
 * restore, transfer of ownership, and the staff's internal notes. System admins only.
 */
import { z } from 'zod';
import {
  BillingSummarySchema,
  SUBSCRIPTION_STATUSES,
  SubscriptionRowSchema,
} from './billing.schemas.ts';
import { MemberSchema } from './members.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { PLAN_IDS } from './plans.ts';
import { ServiceAuditEntrySchema } from './service-audit.schemas.ts';
import { SupportTicketSchema } from './support.schemas.ts';
import { storableDateTime, storableText } from './text.schemas.ts';

export const SERVICE_ACCOUNT_LIMITS = {
  q: 200,
  pageSize: 100,
  reason: 500,
  note: 5000,
  /** Client tenants, tickets and audit entries shown on the account's page. */
  pageItems: 10,
} as const;

const range = (from: string | undefined, to: string | undefined) =>
  !from || !to || Date.parse(from) < Date.parse(to);

/** GET /api/v1/service/accounts */
export const ServiceAccountQuerySchema = z
  .object({
    /** Part of the account's name or of an owner's e-mail, or the account's id. */
    q: storableText().trim().max(SERVICE_ACCOUNT_LIMITS.q).optional(),
    /** The plan that applies now (a comp counts; an ended trial is Free). */
    plan: z.enum(PLAN_IDS).optional(),
    /** The subscription status that applies now. */
    status: z.enum(SUBSCRIPTION_STATUSES).optional(),
    suspended: z.enum(['true', 'false']).optional(),
    /** Created from this instant (inclusive) until `createdTo` (exclusive). */
    createdFrom: storableDateTime().optional(),
    createdTo: storableDateTime().optional(),
    /** Last active from this instant (inclusive) until `activeTo` (exclusive). */
    activeFrom: storableDateTime().optional(),
    activeTo: storableDateTime().optional(),
    cursor: storableText().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(SERVICE_ACCOUNT_LIMITS.pageSize).default(50),
  })
  .refine((q) => range(q.createdFrom, q.createdTo), {
    path: ['createdTo'],
    error: 'The end must be after the start.',
  })
  .refine((q) => range(q.activeFrom, q.activeTo), {
    path: ['activeTo'],
    error: 'The end must be after the start.',
  });
export type ServiceAccountQuery = z.input<typeof ServiceAccountQuerySchema>;

export const AccountSuspensionSchema = z.object({ since: z.string(), reason: z.string() });

/** One account in the list. */
export const ServiceAccountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerEmail: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  comped: z.boolean(),
  suspended: z.boolean(),
  members: z.number().int(),
  tenants: z.number().int(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type ServiceAccountRow = z.infer<typeof ServiceAccountRowSchema>;

export const ServiceAccountPageSchema = z.object({
  items: z.array(ServiceAccountRowSchema),
  nextCursor: z.string().nullable(),
});
export type ServiceAccountPage = z.infer<typeof ServiceAccountPageSchema>;

/** A staff note: internal, never shown to the account. */
export const StaffNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Written by the staff member asking (only they may delete it). */
  mine: z.boolean(),
  createdAt: z.string(),
});
export type StaffNote = z.infer<typeof StaffNoteSchema>;
export const StaffNoteListSchema = z.object({ notes: z.array(StaffNoteSchema) });
export type StaffNoteList = z.infer<typeof StaffNoteListSchema>;

export const ServiceAccountTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  createdAt: z.string(),
});

/** GET /api/v1/service/accounts/{accountId}: the account's page. */
export const ServiceAccountDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  suspension: AccountSuspensionSchema.nullable(),
  /** Its owners let the support desk in until then (null: no standing grant). */
  supportAccessUntil: z.string().nullable(),
  /** A deletion is scheduled: the account cannot be restored until it is canceled. */
  deletionScheduled: z.boolean(),
  members: z.array(MemberSchema),
  tenants: z.object({
    active: z.number().int(),
    archived: z.number().int(),
    /** The newest SERVICE_ACCOUNT_LIMITS.pageItems. */
    items: z.array(ServiceAccountTenantSchema),
  }),
  subscription: SubscriptionRowSchema,
  usage: BillingSummarySchema.pick({ limits: true, usage: true, atLimit: true }),
  /** The newest entries of the account's own audit log. */
  recentAudit: z.array(ServiceAuditEntrySchema),
  /** The newest support tickets of the account. */
  tickets: z.object({ items: z.array(SupportTicketSchema), total: z.number().int() }),
  notes: z.array(StaffNoteSchema),
});
export type ServiceAccountDetail = z.infer<typeof ServiceAccountDetailSchema>;

/** POST /api/v1/service/accounts/{accountId}/suspend */
export const SuspendAccountInputSchema = z.object({
  reason: storableText().trim().min(1, 'Say why.').max(SERVICE_ACCOUNT_LIMITS.reason),
});
/** POST /api/v1/service/accounts/{accountId}/transfer */
export const TransferOwnershipInputSchema = z.object({ userId: IdSchema });
/** POST /api/v1/service/accounts/{accountId}/notes */
export const StaffNoteInputSchema = z.object({
  body: storableText().trim().min(1, 'Write the note.').max(SERVICE_ACCOUNT_LIMITS.note),
});
