/** What the API reference section says above the rendered document: examples and figures. */
import { API_KEY_LIMITS, API_KEY_PREFIX, type CheckResultsBatch } from '@tenantry/shared';

/** Where the server publishes its OpenAPI document. */
export const OPENAPI_URL = '/api/v1/openapi.json';

export const CHECK_RESULTS_PATH =
  '/api/v1/tenants/{tenantId}/assessments/{assessmentId}/check-results';

/** The header every request with a key sends (the secret shortened). */
export const AUTH_HEADER_EXAMPLE = `Authorization: Bearer ${API_KEY_PREFIX}…`;

/** "600 requests a minute" (per key), from the shared limits. */
export function rateLimitText(): string {
  const { requestsPerWindow: n, windowSeconds: s } = API_KEY_LIMITS;
  const window = s === 60 ? 'a minute' : s === 3600 ? 'an hour' : `${s} seconds`;
  return `${n.toLocaleString('en')} requests ${window}`;
}

/** A batch of automated check results, as a tool sends it (valid by CheckResultsBatchSchema). */
export const CHECK_RESULTS_EXAMPLE: CheckResultsBatch = {
  idempotencyKey: 'scan-2026-03-10-0600',
  source: 'Defender for Endpoint',
  results: [
    {
      questionKey: 'PR.AA-05',
      value: 'yes',
      na: false,
      evidence: 'Conditional access policy CA-001 requires MFA for all 214 accounts.',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
    {
      questionKey: 'PR.PS-02',
      value: 'partial',
      na: false,
      evidence: 'https://security.example.com/reports/patching/2026-03-10',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
    {
      questionKey: 'DE.CM-09',
      value: null,
      na: true,
      evidence: 'No on-premises servers.',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
  ],
};

export const CHECK_RESULTS_EXAMPLE_JSON = JSON.stringify(CHECK_RESULTS_EXAMPLE, null, 2);
