/** What the API reference section says above the rendered document: examples and figures. */
import { API_KEY_LIMITS, API_KEY_PREFIX, type CheckResultsBatch } from '@tenantry/shared';
import { t } from '../messages.ts';

/** Where the server publishes its OpenAPI document. */
export const OPENAPI_URL = '/api/v1/openapi.json';

export const CHECK_RESULTS_PATH =
  '/api/v1/tenants/{tenantId}/assessments/{assessmentId}/check-results';

/** The header every request with a key sends (the secret shortened). */
export const AUTH_HEADER_EXAMPLE = `Authorization: Bearer ${API_KEY_PREFIX}…`;

/** "600 requests a minute" (per key), from the shared limits. */
export function rateLimitText(): string {
  const { requestsPerWindow: n, windowSeconds: s } = API_KEY_LIMITS;
  const count = n.toLocaleString('en');
  if (s === 60) return t('limits.rate.minute', { count });
  if (s === 3600) return t('limits.rate.hour', { count });
  return t('limits.rate.seconds', { count, seconds: String(s) });
}

/**
 * A batch of automated check results, as a tool sends it: valid by CheckResultsBatchSchema and
 * for the shipped NIST CSF 2.0 (PR.AA-01 a maturity level, PR.PS-02 one of its options,
 * DE.CM-02 allows “not applicable”).
 */
export const CHECK_RESULTS_EXAMPLE: CheckResultsBatch = {
  idempotencyKey: 'scan-2026-03-10-0600',
  source: 'Defender for Endpoint',
  results: [
    {
      questionKey: 'PR.AA-01',
      value: 4,
      na: false,
      evidence: 'Identity provider: 412 of 415 accounts managed centrally, MFA enforced.',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
    {
      questionKey: 'PR.PS-02',
      value: 'monthly',
      na: false,
      evidence: 'https://security.example.com/reports/patching/2026-03-10',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
    {
      questionKey: 'DE.CM-02',
      value: null,
      na: true,
      evidence: 'No physical sites in scope.',
      observedAt: '2026-03-10T06:00:00.000Z',
    },
  ],
};

export const CHECK_RESULTS_EXAMPLE_JSON = JSON.stringify(CHECK_RESULTS_EXAMPLE, null, 2);
