import type { OutsiderCase } from '../types.ts';

/*
 * The roadmap (modules/roadmap): one for the whole service. Every member of an account reads
 * the approved items, suggests ideas and votes (`accountMember`: shared users are refused); a suggestion still waiting for approval
 * is its author's alone, so the item routes are tried on the victim owner's pending
 * suggestion, which every persona (the victim account's member too) must not reach. Triage is
 * for staff (system admins) only.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/roadmap/items',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/roadmap/items?view=trending&limit=50' }),
  },
  {
    route: 'POST /api/v1/roadmap/items',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/roadmap/items', json: { title: 'An outsider idea' } }),
  },
  {
    route: 'GET /api/v1/roadmap/items/{id}',
    allow: ['owner'], // its author
    request: (ids) => ({ path: `/api/v1/roadmap/items/${ids.roadmapPendingId}` }),
  },
  {
    route: 'POST /api/v1/roadmap/items/{id}/vote',
    allow: ['owner'], // its author
    request: (ids) => ({ path: `/api/v1/roadmap/items/${ids.roadmapPendingId}/vote`, json: {} }),
  },
  {
    route: 'POST /api/v1/roadmap/items/{id}/comments',
    allow: ['owner'], // its author
    request: (ids) => ({
      path: `/api/v1/roadmap/items/${ids.roadmapPendingId}/comments`,
      json: { body: 'More detail' },
    }),
  },
  {
    route: 'GET /api/v1/service/roadmap/items',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/roadmap/items?state=pending' }),
  },
  {
    route: 'POST /api/v1/service/roadmap/items',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/roadmap/items', json: { title: 'Staff item' } }),
  },
  {
    route: 'PATCH /api/v1/service/roadmap/items/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/roadmap/items/${ids.roadmapItemId}`,
      json: { title: 'Renamed by staff' },
    }),
  },
  {
    route: 'POST /api/v1/service/roadmap/items/{id}/approve',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/roadmap/items/${ids.roadmapPendingId}/approve`,
      json: { status: 'planned' },
    }),
  },
  {
    route: 'POST /api/v1/service/roadmap/items/{id}/status',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/roadmap/items/${ids.roadmapItemId}/status`,
      json: { status: 'in_progress' },
    }),
  },
  {
    route: 'POST /api/v1/service/roadmap/items/{id}/merge',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/roadmap/items/${ids.roadmapItemId}/merge`,
      json: { targetId: ids.roadmapTargetId },
    }),
  },
];
