import { z } from 'zod';
import type { ACCOUNT_ERROR_CODES } from './accounts.schemas.ts';
import type { API_KEY_ERROR_CODES } from './api-keys.schemas.ts';
import type { ASSESSMENT_ERROR_CODES } from './assessments.schemas.ts';
import type { AUTH_ERROR_CODES } from './auth.schemas.ts';
import type { BILLING_ERROR_CODES } from './billing.schemas.ts';
import type { CALENDAR_ERROR_CODES } from './calendar.schemas.ts';
import type { BASELINE_ERROR_CODES } from './baseline.schemas.ts';
import type { CONTENT_ERROR_CODES } from './content.schemas.ts';
import type { EVIDENCE_ERROR_CODES } from './evidence.schemas.ts';
import type { FEEDBACK_ERROR_CODES } from './feedback.schemas.ts';
import type { SECOND_FACTOR_ERROR_CODES } from './identity.schemas.ts';
import type { MEDIA_ERROR_CODES } from './media.schemas.ts';
import type { MEMBER_ERROR_CODES } from './members.schemas.ts';
import type { QUESTION_ANSWERS_ERROR_CODES } from './question-answers.schemas.ts';
import type { REMEDIATION_ERROR_CODES } from './remediation.schemas.ts';
import type { REPORT_ERROR_CODES } from './reports.schemas.ts';
import type { ROADMAP_ERROR_CODES } from './roadmap.schemas.ts';
import type { SCHEDULE_ERROR_CODES } from './schedules.schemas.ts';
import type { ACCOUNT_EXPORT_ERROR_CODES } from './service-exports.schemas.ts';
import type { SERVICE_USER_ERROR_CODES } from './service-users.schemas.ts';
import type { SHARING_ERROR_CODES } from './sharing.schemas.ts';
import type { SSO_ERROR_CODES } from './sso.schemas.ts';
import type { STORAGE_ERROR_CODES } from './storage.schemas.ts';
import type { SUPPORT_ACCESS_ERROR_CODES } from './support-access.schemas.ts';
import type { SUPPORT_ERROR_CODES } from './support.schemas.ts';
import type { TENANT_ERROR_CODES } from './tenants.schemas.ts';
import type { WEBHOOK_ERROR_CODES } from './webhooks.schemas.ts';

/** Codes any route may answer, whatever its domain. */
export const COMMON_ERROR_CODES = {
  badRequest: 'common.bad_request',
  validation: 'common.validation',
  unauthenticated: 'common.unauthenticated',
  forbidden: 'common.forbidden',
  notFound: 'common.not_found',
  conflict: 'common.conflict',
  rateLimited: 'common.rate_limited',
  csrf: 'common.csrf',
  /**
   * 403: a shared user (a client tenant shared with them) on a route shared access does not
   * include: anything but their tenant's pages (account routes, the roadmap, feedback).
   */
  sharedAccess: 'common.shared_access',
  internal: 'common.internal',
  /**
   * 503: this server is not ready to take requests (draining before it stops, or its database
   * does not answer): GET /readyz, for the load balancer, which sends the request elsewhere.
   */
  unavailable: 'common.unavailable',
} as const;

type CodesOf<T> = T[keyof T];

/**
 * Every error code of the API: the common ones and each domain's `<D>_ERROR_CODES` (declared
 * beside the domain's schemas). A service throws `AppError` with one of these, so a client can
 * act on the code; a new domain adds its list here.
 */
export type ErrorCode =
  | CodesOf<typeof COMMON_ERROR_CODES>
  | CodesOf<typeof ACCOUNT_ERROR_CODES>
  | CodesOf<typeof API_KEY_ERROR_CODES>
  | CodesOf<typeof ASSESSMENT_ERROR_CODES>
  | CodesOf<typeof AUTH_ERROR_CODES>
  | CodesOf<typeof BASELINE_ERROR_CODES>
  | CodesOf<typeof BILLING_ERROR_CODES>
  | CodesOf<typeof CALENDAR_ERROR_CODES>
  | CodesOf<typeof CONTENT_ERROR_CODES>
  | CodesOf<typeof EVIDENCE_ERROR_CODES>
  | CodesOf<typeof FEEDBACK_ERROR_CODES>
  | CodesOf<typeof SECOND_FACTOR_ERROR_CODES>
  | CodesOf<typeof MEDIA_ERROR_CODES>
  | CodesOf<typeof MEMBER_ERROR_CODES>
  | CodesOf<typeof QUESTION_ANSWERS_ERROR_CODES>
  | CodesOf<typeof REMEDIATION_ERROR_CODES>
  | CodesOf<typeof REPORT_ERROR_CODES>
  | CodesOf<typeof ROADMAP_ERROR_CODES>
  | CodesOf<typeof SCHEDULE_ERROR_CODES>
  | CodesOf<typeof SUPPORT_ACCESS_ERROR_CODES>
  | CodesOf<typeof ACCOUNT_EXPORT_ERROR_CODES>
  | CodesOf<typeof SERVICE_USER_ERROR_CODES>
  | CodesOf<typeof SHARING_ERROR_CODES>
  | CodesOf<typeof SSO_ERROR_CODES>
  | CodesOf<typeof STORAGE_ERROR_CODES>
  | CodesOf<typeof SUPPORT_ERROR_CODES>
  | CodesOf<typeof TENANT_ERROR_CODES>
  | CodesOf<typeof WEBHOOK_ERROR_CODES>;

/** Every 4xx/5xx JSON answer of /api/v1 has this shape. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems for a 400 (path → message). */
    fields: z.record(z.string(), z.string()).optional(),
    /** What a client needs to resolve the error, per code (e.g. the current item on a 409). */
    details: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
