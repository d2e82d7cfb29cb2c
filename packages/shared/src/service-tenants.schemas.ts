/**
 * The service console's tenants drill-down (docs/service-console.md, "Service console: tenants
 * drill-down"): an account's client tenants and, read-only, one tenant with its assessments,
 * baseline and remediation tasks, for system admins. Each answer is the one the account's own
 * routes give (the same schemas), read through the same services; only the scope differs.
 */
import { z } from 'zod';
import { AssessmentSummarySchema } from './assessments.schemas.ts';
import { BaselineComparisonSchema } from './baseline.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { TaskListSchema } from './remediation.schemas.ts';
import { TenantPageSchema, TenantSchema } from './tenants.schemas.ts';

/** Assessments and open tasks the tenant's overview shows (the newest). */
export const SERVICE_TENANT_OVERVIEW_ITEMS = 5;

/** How long one system admin's views of one client tenant make one audit entry. */
export const TENANT_VIEW_AUDIT_MINUTES = 10;

/** `/service/accounts/{accountId}/tenants…` */
export const ServiceAccountTenantsParamsSchema = z.object({ accountId: IdSchema });
export const ServiceTenantParamsSchema = z.object({ accountId: IdSchema, tenantId: IdSchema });
export const ServiceAssessmentParamsSchema = ServiceTenantParamsSchema.extend({
  assessmentId: IdSchema,
});
export const ServiceTaskParamsSchema = ServiceTenantParamsSchema.extend({ taskId: IdSchema });

/** The account the tenants belong to, as the drill-down names it. */
export const ServiceTenantAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  suspended: z.boolean(),
});
export type ServiceTenantAccount = z.infer<typeof ServiceTenantAccountSchema>;

/** GET /api/v1/service/accounts/{accountId}/tenants: the tenant list's page, and whose. */
export const ServiceTenantPageSchema = TenantPageSchema.extend({
  account: ServiceTenantAccountSchema,
});
export type ServiceTenantPage = z.infer<typeof ServiceTenantPageSchema>;

/** GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}: the tenant and its overview. */
export const ServiceTenantViewSchema = z.object({
  account: ServiceTenantAccountSchema,
  tenant: TenantSchema,
  /** The newest assessments (SERVICE_TENANT_OVERVIEW_ITEMS). */
  recentAssessments: z.array(AssessmentSummarySchema),
  /** The baseline and the assessment compared with it (the baseline tab's figures). */
  baseline: BaselineComparisonSchema.pick({ baseline: true, latest: true }).extend({
    overall: BaselineComparisonSchema.shape.overall.pick({
      baseline: true,
      latest: true,
      delta: true,
      trend: true,
    }),
  }),
  /** The task counts of the remediation tab, and the newest open tasks. */
  tasks: z.object({
    counts: TaskListSchema.shape.counts,
    open: TaskListSchema.shape.items,
  }),
});
export type ServiceTenantView = z.infer<typeof ServiceTenantViewSchema>;
