import type { OutsiderCase } from '../types.ts';

export const cases: OutsiderCase[] = [
  {
    // Every signed-in person gets their own claims; the suite checks no victim id leaks.
    route: 'GET /api/v1/me',
    allow: ['self'],
    request: () => ({ path: '/api/v1/me' }),
  },
];
