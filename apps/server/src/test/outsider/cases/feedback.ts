import type { OutsiderCase } from '../types.ts';

/**
 * Feedback: any member of an account sends it (their own; nothing of the victim's is read or
 * changed; shared users are refused);
 * the triage under /service/feedback is for system admins only (none of the personas is one).
 */
export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/feedback',
    allow: ['accountMember'],
    request: (ids) => ({
      path: '/api/v1/feedback',
      json: {
        rating: 4,
        comment: 'Outsider suite',
        pagePath: `/tenant/${ids.tenantId}`,
        appVersion: 'dev',
      },
    }),
  },
  {
    route: 'GET /api/v1/service/feedback',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/feedback?handled=all&limit=5' }),
  },
  {
    route: 'PATCH /api/v1/service/feedback/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/feedback/${ids.feedbackId}`,
      json: { handled: true },
    }),
  },
  {
    route: 'POST /api/v1/service/feedback/{id}/roadmap-item',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/feedback/${ids.feedbackId}/roadmap-item`,
      json: { title: 'From outsider feedback' },
    }),
  },
  {
    route: 'POST /api/v1/service/feedback/{id}/ticket',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/feedback/${ids.feedbackId}/ticket`,
      json: {
        subject: 'From outsider feedback',
        category: 'question',
        body: 'About your feedback',
      },
    }),
  },
];
