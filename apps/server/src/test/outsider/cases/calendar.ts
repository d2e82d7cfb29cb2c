import type { OutsiderCase } from '../types.ts';

/*
 * Calendar feeds (modules/calendar): each member manages their OWN feed in the account of
 * their session (`accountMember`: shared users and API keys are refused), so no victim object
 * is named. The feed itself is public and its secret exists only in the answer that made it
 * (stored as a hash): an unknown secret answers 404 to everyone; calendar.test.ts reads real
 * feeds, another person's, revoked ones and a removed member's.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/calendar-feed',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/calendar-feed' }),
  },
  {
    route: 'POST /api/v1/calendar-feed',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/calendar-feed', json: {} }),
  },
  {
    route: 'DELETE /api/v1/calendar-feed',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/calendar-feed' }),
  },
  {
    route: 'GET /api/v1/calendar/{token}.ics',
    allow: ['public'],
    control: 'none',
    request: () => ({ path: `/api/v1/calendar/${'A'.repeat(43)}.ics` }),
  },
];
