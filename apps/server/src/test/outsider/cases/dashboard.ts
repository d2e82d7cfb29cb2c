import type { OutsiderCase } from '../types.ts';

/*
 * The dashboard (modules/dashboard): the caller's own account at a glance. Anyone signed in
 * gets their own figures — never the victim's ids or names (checked by the suite); without a
 * session it is 401. dashboard.test.ts checks another account's figures stay its own.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/dashboard',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/dashboard' }),
  },
];
