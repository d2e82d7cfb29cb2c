import type { OutsiderCase } from '../types.ts';

/*
 * Stored images (modules/media): served by id to members of the image's account. Another
 * account's member, a shared user and anonymous get 401/404; the victim's member may see it
 * (account.read). Uploads go through the routes of the domain that owns the image (the logo:
 * cases/members.ts, PUT /api/v1/account/logo).
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/media/{id}',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `/api/v1/media/${ids.logoMediaId}` }),
  },
];
