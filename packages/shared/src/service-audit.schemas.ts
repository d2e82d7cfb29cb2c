/**
 * The service console's audit tab (docs/service-console.md, "Service console: audit"): the
 * system-wide audit log, its export, and the hash chain's verification. System admins only.
 */
import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { storableDateTime, storableText } from './text.schemas.ts';

export const SERVICE_AUDIT_LIMITS = { actor: 320, action: 100, pageSize: 100 } as const;

/**
 * An action filter: one action (`auth.signed_in`) or every action of a domain, written as the
 * domain and a dot (`service.`).
 */
export const AUDIT_ACTION_FILTER = /^[a-z][a-z0-9_]*\.([a-z][a-z0-9_]*)?$/;

/** Whether an action filter is a domain prefix (`service.`) rather than one action. */
export const isAuditActionPrefix = (action: string): boolean => action.endsWith('.');

/** The filters of the list and of the export (all optional, combined with "and"). */
const filterShape = {
  /** The actor's e-mail address (any case) or user id. */
  actor: storableText().trim().min(1).max(SERVICE_AUDIT_LIMITS.actor).optional(),
  accountId: IdSchema.optional(),
  action: z
    .string()
    .trim()
    .max(SERVICE_AUDIT_LIMITS.action)
    .regex(AUDIT_ACTION_FILTER, 'Use an action like auth.signed_in, or a prefix like service.')
    .optional(),
  /** From this instant (inclusive). */
  from: storableDateTime().optional(),
  /** Until this instant (exclusive). */
  to: storableDateTime().optional(),
};

const endAfterStart: [
  (f: { from?: string | undefined; to?: string | undefined }) => boolean,
  { path: string[]; error: string },
] = [
  (f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to),
  { path: ['to'], error: 'The end must be after the start.' },
];

export const ServiceAuditFiltersSchema = z.object(filterShape).refine(...endAfterStart);
export type ServiceAuditFilters = z.input<typeof ServiceAuditFiltersSchema>;

/** GET /api/v1/service/audit */
export const ServiceAuditQuerySchema = z
  .object({
    ...filterShape,
    cursor: storableText().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(SERVICE_AUDIT_LIMITS.pageSize).default(50),
  })
  .refine(...endAfterStart);
export type ServiceAuditQuery = z.input<typeof ServiceAuditQuerySchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;

/** GET /api/v1/service/audit/export */
export const ServiceAuditExportQuerySchema = z
  .object({ ...filterShape, format: z.enum(AUDIT_EXPORT_FORMATS).default('csv') })
  .refine(...endAfterStart);

/** One entry of the system-wide log. */
export const ServiceAuditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** Null for a system-wide entry. */
  accountId: z.string().nullable(),
  /** The account's name now; null when system-wide or the account no longer exists. */
  accountName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  /** Its place in the hash chain; null until sealed (seconds after it is written). */
  chainSeq: z.number().int().nullable(),
});
export type ServiceAuditEntry = z.infer<typeof ServiceAuditEntrySchema>;

export const ServiceAuditPageSchema = z.object({
  entries: z.array(ServiceAuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ServiceAuditPage = z.infer<typeof ServiceAuditPageSchema>;

export const AUDIT_CHAIN_BREAKS = ['gap', 'prev_hash_mismatch', 'hash_mismatch'] as const;
export type AuditChainBreak = (typeof AUDIT_CHAIN_BREAKS)[number];

/** What a verification found (AuditVerification.result). */
export const AuditChainVerificationSchema = z.object({
  ok: z.boolean(),
  /** Sealed entries found intact before the answer (all of them when ok). */
  checked: z.number().int(),
  /** The chain_seq where the chain breaks (absent when ok). */
  firstBrokenSeq: z.number().int().optional(),
  /**
   * `gap`: an entry is missing (deleted); `prev_hash_mismatch`: an entry does not link to the
   * one before; `hash_mismatch`: an entry changed after it was sealed.
   */
  reason: z.enum(AUDIT_CHAIN_BREAKS).optional(),
  /** Entries written but not sealed yet (sealed within seconds). */
  unsealed: z.number().int(),
});
export type AuditChainVerification = z.infer<typeof AuditChainVerificationSchema>;

export const AUDIT_VERIFICATION_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type AuditVerificationState = (typeof AUDIT_VERIFICATION_STATES)[number];

/**
 * POST /api/v1/service/audit/verify: one verification of the chain, run by a background job
 * (`service.audit-verify`) that reports its progress here; at most one on its way at a time.
 */
export const AuditVerificationSchema = z.object({
  id: z.string(),
  state: z.enum(AUDIT_VERIFICATION_STATES),
  /** Sealed entries checked so far, of `total` (the chain's length when the job started). */
  checked: z.number().int(),
  total: z.number().int(),
  /** Once `done`. */
  result: AuditChainVerificationSchema.nullable(),
  /** Once `failed`: what went wrong (ask again). */
  error: z.string().nullable(),
  /** The e-mail of the system admin who asked. */
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;

/** GET /api/v1/service/audit/verify: the latest verification, or null before the first. */
export const AuditVerificationStatusSchema = z.object({
  verification: AuditVerificationSchema.nullable(),
});
export type AuditVerificationStatus = z.infer<typeof AuditVerificationStatusSchema>;
