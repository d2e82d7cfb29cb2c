import type { OutsiderCase } from '../types.ts';

/*
 * The signed-in person's own claims, profile and sessions (modules/me). Every route acts on
 * the caller's own user, taken from the session; a session id of someone else is not found.
 */
export const cases: OutsiderCase[] = [
  {
    // Every signed-in person gets their own claims, a signed-out visitor null; the suite checks
    // that no victim id leaks.
    route: 'GET /api/v1/me',
    allow: ['public'],
    request: () => ({ path: '/api/v1/me' }),
  },
  {
    route: 'PATCH /api/v1/me',
    allow: ['self'],
    request: () => ({ path: '/api/v1/me', json: { displayName: 'Renamed in the outsider suite' } }),
  },
  {
    route: 'GET /api/v1/me/sessions',
    allow: ['self'],
    request: () => ({ path: '/api/v1/me/sessions' }),
  },
  {
    // Each persona would end its OWN other sessions, which the suite's clients do not use; it
    // is its own data (`self`). That it never reaches the victim's is the next case.
    route: 'POST /api/v1/me/sessions/end-others',
    allow: ['self'],
    // The victim owner's other sessions would end; me.test.ts covers the success.
    control: 'none',
    request: () => ({ path: '/api/v1/me/sessions/end-others', json: {} }),
  },
  {
    // Only the victim owner may end the victim's session: every persona gets 401/404.
    route: 'DELETE /api/v1/me/sessions/{id}',
    allow: ['owner'],
    // Ending it in the control would change the world for later cases; me.test.ts covers it.
    control: 'none',
    request: (ids) => ({ path: `/api/v1/me/sessions/${ids.spareSessionId}` }),
  },
];
