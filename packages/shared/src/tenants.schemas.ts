import { z } from 'zod';
import { ClientBrandSchema } from './accounts.schemas.ts';
import { ACCOUNT_ROLES, SHARE_ROLES } from './roles.ts';
import { storableText } from './text.schemas.ts';

/** Client tenants (docs/product.md): what an account assesses. Server and web share these. */

/** Company size bands (same values as the `tenants.size` column). */
export const TENANT_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;
export type TenantSize = (typeof TENANT_SIZES)[number];

export const TENANT_LIMITS = {
  name: 200,
  industry: 100,
  contacts: 20,
  tags: 20,
  tag: 40,
  notes: 10_000,
  q: 100,
  pageMax: 100,
  pageDefault: 25,
} as const;

export const TENANT_STATUSES = ['active', 'archived', 'all'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
/** `due`: the nearest due date of the open assessments first (tenants without one last). */
export const TENANT_SORTS = ['name', 'created', 'updated', 'due'] as const;
export type TenantSort = (typeof TENANT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order a sort uses when none is given: A→Z by name, soonest due first, newest first by time. */
export function defaultTenantOrder(sort: TenantSort): SortOrder {
  return sort === 'name' || sort === 'due' ? 'asc' : 'desc';
}

/** Tags are trimmed and lower-cased, so `Finance` and ` finance ` are the same tag. */
export const TenantTagSchema = storableText()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty.')
  .max(TENANT_LIMITS.tag, `A tag has at most ${TENANT_LIMITS.tag} characters.`);

export const TenantTagsSchema = z
  .array(TenantTagSchema)
  .max(TENANT_LIMITS.tags, `At most ${TENANT_LIMITS.tags} tags.`)
  .overwrite((tags) => [...new Set(tags)]);

const optionalText = (max: number, what: string) =>
  storableText().trim().max(max, `${what} has at most ${max} characters.`).optional();

export const TenantContactSchema = z.object({
  name: storableText()
    .trim()
    .min(1, 'A contact needs a name.')
    .max(200, 'A name has at most 200 characters.'),
  email: z.email('Enter a valid e-mail address.').max(254).optional(),
  phone: optionalText(50, 'A phone number'),
  role: optionalText(100, 'A role'),
});
export type TenantContact = z.infer<typeof TenantContactSchema>;

const nameSchema = storableText()
  .trim()
  .min(1, 'Enter a name.')
  .max(TENANT_LIMITS.name, `A name has at most ${TENANT_LIMITS.name} characters.`);
const industrySchema = storableText()
  .trim()
  .max(TENANT_LIMITS.industry, `An industry has at most ${TENANT_LIMITS.industry} characters.`)
  .nullable();
const sizeSchema = z.enum(TENANT_SIZES, 'Choose one of the size bands.').nullable();
const contactsSchema = z
  .array(TenantContactSchema)
  .max(TENANT_LIMITS.contacts, `At most ${TENANT_LIMITS.contacts} contacts.`);
const notesSchema = storableText().max(
  TENANT_LIMITS.notes,
  `Notes have at most ${TENANT_LIMITS.notes} characters.`,
);

/** POST /api/v1/tenants */
export const CreateTenantSchema = z.object({
  name: nameSchema,
  industry: industrySchema.optional(),
  size: sizeSchema.optional(),
  contacts: contactsSchema.optional(),
  tags: TenantTagsSchema.optional(),
  notes: notesSchema.optional(),
});
export type CreateTenantInput = z.input<typeof CreateTenantSchema>;
export type CreateTenant = z.output<typeof CreateTenantSchema>;

/** PATCH /api/v1/tenants/{id}: only the fields sent change; null clears industry or size. */
export const UpdateTenantSchema = z
  .object({
    name: nameSchema.optional(),
    industry: industrySchema.optional(),
    size: sizeSchema.optional(),
    contacts: contactsSchema.optional(),
    tags: TenantTagsSchema.optional(),
    notes: notesSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one field to change.',
  });
export type UpdateTenantInput = z.input<typeof UpdateTenantSchema>;
export type UpdateTenant = z.output<typeof UpdateTenantSchema>;

/** GET /api/v1/tenants */
export const TenantListQuerySchema = z.object({
  /** Case-insensitive part of the name, or an exact tag. */
  q: storableText()
    .trim()
    .max(TENANT_LIMITS.q, `Search has at most ${TENANT_LIMITS.q} characters.`)
    .optional(),
  /** Only tenants carrying this tag. */
  tag: TenantTagSchema.optional(),
  status: z.enum(TENANT_STATUSES).default('active'),
  sort: z.enum(TENANT_SORTS).default('name'),
  /** Default: asc for name, desc for created and updated. */
  order: z.enum(SORT_ORDERS).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TENANT_LIMITS.pageMax)
    .default(TENANT_LIMITS.pageDefault),
  /** Opaque: the `nextCursor` of the previous page (same sort and order). */
  cursor: storableText().min(1).max(512).optional(),
});
export type TenantListQuery = z.output<typeof TenantListQuerySchema>;

/** GET /api/v1/tenants.csv: the list's filters and sort, every matching tenant in one file. */
export const TenantCsvQuerySchema = TenantListQuerySchema.omit({ limit: true, cursor: true });
export type TenantCsvQuery = z.output<typeof TenantCsvQuerySchema>;
export type TenantListQueryInput = z.input<typeof TenantListQuerySchema>;

export const TenantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  size: z.enum(TENANT_SIZES).nullable(),
  tags: z.array(z.string()),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest completed assessment: its overall score, gap questions and when (null: none). */
  latest: z
    .object({
      assessmentId: z.string(),
      score: z.number().nullable(),
      gaps: z.number().int(),
      completedAt: z.string(),
    })
    .nullable(),
  /** Assessments not completed yet (drafts, in progress, reopened). */
  openAssessments: z.number().int(),
  /** Remediation tasks to do or in progress. */
  openTasks: z.number().int(),
  /** The earliest due date of the open tasks (`YYYY-MM-DD`; before today: some are overdue). */
  nextTaskDue: z.string().nullable(),
  /**
   * The earliest due date of the open assessments (`YYYY-MM-DD`; before today: one is
   * overdue; null: none has a due date).
   */
  nextAssessmentDue: z.string().nullable(),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

export const TenantPageSchema = z.object({
  tenants: z.array(TenantSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TenantPage = z.infer<typeof TenantPageSchema>;

/** A top-level section of the latest completed assessment, against its target. */
export const PostureSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** The section's score in [0, 1] (null: none). */
  score: z.number().nullable(),
  /** Its target in [0, 1] (null: none). */
  target: z.number().nullable(),
});
export type PostureSection = z.infer<typeof PostureSectionSchema>;

/** What a tenant keeps of its posture (docs/portfolio.md): the overview and the portfolio. */
export const TenantPostureSchema = z.object({
  /** The latest completed assessment's completion (null: none). */
  completion: z.number().nullable(),
  /**
   * Overall change since the baseline, like with like (docs/baseline.md); null: no baseline
   * of the same framework, the latest is the baseline, or nothing both score.
   */
  trend: z.number().nullable(),
  /** The latest completed assessment's top-level sections, in the framework's order. */
  sections: z.array(PostureSectionSchema),
  /** How many of them are below their target. */
  sectionsBelow: z.number().int(),
  /** Open tasks whose due date has passed (UTC). */
  overdueTasks: z.number().int(),
  /** The last change of its assessments, tasks or baseline (null: none yet). */
  lastActivityAt: z.string().nullable(),
});
export type TenantPosture = z.infer<typeof TenantPostureSchema>;

export const TenantSchema = TenantSummarySchema.extend({
  contacts: z.array(TenantContactSchema),
  notes: z.string(),
  posture: TenantPostureSchema,
});
export type Tenant = z.infer<typeof TenantSchema>;

/** GET /api/v1/tenants/{id}: the tenant and the caller's standing on it (to hide actions). */
export const TenantDetailSchema = TenantSchema.extend({
  access: z.object({
    /** The member's role in the tenant's account; null for a shared user. */
    accountRole: z.enum(ACCOUNT_ROLES).nullable(),
    /** The shared user's role on this tenant; null for a member. */
    shareRole: z.enum(SHARE_ROLES).nullable(),
    /** The account the tenant belongs to: for a shared user, the account that shared it. */
    accountName: z.string(),
    /** For a shared user, the sharing provider's brand (docs/branding.md); null for a member. */
    brand: ClientBrandSchema.nullable(),
  }),
});
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

/** Error codes of this domain (besides the common ones). */
export const TENANT_ERROR_CODES = {
  notFound: 'tenants.not_found',
  /**
   * 400: a member limited to some client tenants would make or leave a tenant outside their
   * own access (e.g. without one of their tags, docs/members.md).
   */
  outsideAccess: 'tenants.outside_access',
} as const;
