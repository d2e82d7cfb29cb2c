/**
 * The portfolio (docs/portfolio.md): every client tenant's posture on one screen, read from
 * what each tenant keeps on write (no aggregation of assessments, answers or tasks on read).
 */
import { z } from 'zod';
import { NodeKeySchema } from './frameworks.schemas.ts';
import { storableText } from './text.schemas.ts';
import {
  PostureSectionSchema,
  SORT_ORDERS,
  TENANT_LIMITS,
  TenantTagSchema,
  type SortOrder,
} from './tenants.schemas.ts';

/**
 * `countAhead`: a page's count of matching tenants stops this many past the page's end, so its
 * cost does not grow with the account (`PortfolioPage.more` says it stopped).
 */
export const PORTFOLIO_LIMITS = {
  pageMax: 200,
  pageDefault: 50,
  offsetMax: 100_000,
  countAhead: 1_000,
} as const;

/**
 * Columns the portfolio sorts by; `section` sorts by one top-level section's score (the
 * `section` parameter names it).
 */
export const PORTFOLIO_SORTS = [
  'name',
  'score',
  'completion',
  'trend',
  'below',
  'tasks',
  'overdue',
  'due',
  'activity',
  'section',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

/** A→Z by name, the nearest due first, the weakest score first; most of anything else first. */
export function defaultPortfolioOrder(sort: PortfolioSort): SortOrder {
  return ['name', 'due', 'score', 'completion', 'trend', 'section'].includes(sort) ? 'asc' : 'desc';
}

const flag = z
  .enum(['true', 'false'], 'Use true or false.')
  .transform((v) => v === 'true')
  .optional();

const viewFields = {
  /** Case-insensitive part of the name, or an exact tag. */
  q: storableText()
    .trim()
    .max(TENANT_LIMITS.q, `Search has at most ${TENANT_LIMITS.q} characters.`)
    .optional(),
  tag: TenantTagSchema.optional(),
  /** Only tenants whose latest completed assessment is of this framework. */
  framework: storableText().min(1).max(100).optional(),
  /** A top-level section key: the column `sort=section` sorts by and `belowTarget` reads. */
  section: NodeKeySchema.optional(),
  /** Only tenants below target: in `section` when given, else in any top-level section. */
  belowTarget: flag,
  /** Only tenants with an overdue task or an overdue open assessment. */
  overdue: flag,
  sort: z.enum(PORTFOLIO_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).optional(),
};

const sectionNamed = {
  path: ['section'],
  message: 'Name the section to sort by.',
};
const sortable = (q: { sort: PortfolioSort; section?: string | undefined }) =>
  q.sort !== 'section' || q.section !== undefined;

/** GET /api/v1/tenants/portfolio.csv: the view's filters and sort, every matching tenant. */
export const PortfolioCsvQuerySchema = z.object(viewFields).refine(sortable, sectionNamed);
export type PortfolioCsvQuery = z.output<typeof PortfolioCsvQuerySchema>;

/** GET /api/v1/tenants/portfolio */
export const PortfolioQuerySchema = z
  .object({
    ...viewFields,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PORTFOLIO_LIMITS.pageMax)
      .default(PORTFOLIO_LIMITS.pageDefault),
    offset: z.coerce.number().int().min(0).max(PORTFOLIO_LIMITS.offsetMax).default(0),
  })
  .refine(sortable, sectionNamed);
export type PortfolioQuery = z.output<typeof PortfolioQuerySchema>;
export type PortfolioQueryInput = z.input<typeof PortfolioQuerySchema>;

export const PortfolioRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  /** The latest completed assessment (null: none yet). */
  latest: z
    .object({
      assessmentId: z.string(),
      frameworkId: z.string(),
      frameworkName: z.string(),
      score: z.number().nullable(),
      completion: z.number().nullable(),
      completedAt: z.string(),
    })
    .nullable(),
  /**
   * Overall change since the baseline, like with like (docs/baseline.md); null: no baseline
   * of the same framework, the latest is the baseline, or nothing both score.
   */
  trend: z.number().nullable(),
  /** The latest assessment's top-level sections, in the framework's order. */
  sections: z.array(PostureSectionSchema),
  /** How many of them are below their target. */
  sectionsBelow: z.number().int(),
  openTasks: z.number().int(),
  /** Open tasks whose due date has passed (UTC). */
  overdueTasks: z.number().int(),
  openAssessments: z.number().int(),
  /** The earliest due date of the open assessments (`YYYY-MM-DD`; null: none). */
  nextAssessmentDue: z.string().nullable(),
  nextTaskDue: z.string().nullable(),
  /** An overdue task or an open assessment past its due date. */
  overdue: z.boolean(),
  /** The last change of its assessments, answers, tasks or baseline (null: none yet). */
  lastActivityAt: z.string().nullable(),
});
export type PortfolioRow = z.infer<typeof PortfolioRowSchema>;

export const PortfolioPageSchema = z.object({
  tenants: z.array(PortfolioRowSchema),
  /**
   * Tenants matching the filters (every page), counted up to `offset + limit + 1000`
   * (PORTFOLIO_LIMITS.countAhead): when more match, `more` is true and `total` is that bound.
   */
  total: z.number().int(),
  /** More tenants match than `total`: the count stopped there (a later page counts further). */
  more: z.boolean(),
  /**
   * The section columns of the whole view (the same on every page): the top-level sections of
   * the `framework` filter's framework, else of the one most of the tenants were last assessed
   * with, in the framework's order (key and title).
   */
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  /** The frameworks of the latest assessments among the caller's tenants (the filter's choices). */
  frameworks: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PortfolioPage = z.infer<typeof PortfolioPageSchema>;
