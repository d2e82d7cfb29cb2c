import type { OutsiderCase } from '../types.ts';

/**
 * API keys and automated check results (modules/api-keys, modules/assessments). Listing and
 * creating act on the caller's OWN account (`self`; a plain member is refused, see
 * api-keys.test.ts); revoking names a victim key. Check results go into a victim assessment:
 * the account's members who manage assessments only. What a KEY of another account reaches
 * (nothing) is asserted in api-keys.test.ts.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/api-keys',
    allow: ['self'],
    request: () => ({ path: '/api/v1/api-keys' }),
  },
  {
    route: 'POST /api/v1/api-keys',
    allow: ['self'],
    request: () => ({
      path: '/api/v1/api-keys',
      json: { name: 'Outsider suite key', scopes: ['tenants:read'] },
    }),
  },
  {
    route: 'DELETE /api/v1/api-keys/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/api-keys/${ids.apiKeyId}` }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/check-results',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/check-results`,
      json: {
        idempotencyKey: `outsider-${Date.now()}-${Math.random()}`,
        source: 'Outsider suite',
        results: [
          { questionKey: ids.questionKey, value: 'yes', observedAt: new Date().toISOString() },
        ],
      },
    }),
  },
];
