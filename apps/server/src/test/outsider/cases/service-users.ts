import type { OutsiderCase } from '../types.ts';

/**
 * The service console's users tab: system admins only (none of the personas is one). The
 * actions act on the victim account's `member` target (a user without a session, made fresh
 * for each mutating control; its address is not verified).
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/users',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users?q=${encodeURIComponent(ids.victimOwnerEmail)}&limit=5`,
    }),
  },
  {
    route: 'GET /api/v1/service/users/{userId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/users/${ids.victimOwnerUserId}` }),
  },
  {
    route: 'DELETE /api/v1/service/users/{userId}/sessions/{sessionId}',
    allow: ['systemadmin'],
    // The target user has no session to end: the control would answer 404 (the module's own
    // tests end a real one); the refusals are the guard's all the same.
    control: 'none',
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/sessions/00000000-0000-4000-8000-000000000000`,
    }),
  },
  {
    route: 'DELETE /api/v1/service/users/{userId}/sessions',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/users/${ids.memberUserId}/sessions` }),
  },
  {
    route: 'POST /api/v1/service/users/{userId}/disable',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/disable`,
      json: { reason: 'Outsider suite control' },
    }),
  },
  {
    route: 'POST /api/v1/service/users/{userId}/second-factors/reset',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/second-factors/reset`,
      json: {},
    }),
  },
  {
    route: 'POST /api/v1/service/users/{userId}/enable',
    allow: ['systemadmin'],
    // A fresh target is enabled: the control would answer 409 (the module's tests enable).
    control: 'none',
    request: (ids) => ({ path: `/api/v1/service/users/${ids.memberUserId}/enable`, json: {} }),
  },
  {
    route: 'POST /api/v1/service/users/{userId}/verification',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/verification`,
      json: {},
    }),
  },
  {
    route: 'POST /api/v1/service/users/{userId}/password-reset',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/password-reset`,
      json: {},
    }),
  },
  {
    route: 'PUT /api/v1/service/users/{userId}/roles/{role}',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/users/${ids.memberUserId}/roles/developer`,
      json: {},
    }),
  },
  {
    route: 'DELETE /api/v1/service/users/{userId}/roles/{role}',
    allow: ['systemadmin'],
    // A fresh target has no system role: the control would answer 409 (the module's tests
    // revoke one).
    control: 'none',
    request: (ids) => ({ path: `/api/v1/service/users/${ids.memberUserId}/roles/developer` }),
  },
];
