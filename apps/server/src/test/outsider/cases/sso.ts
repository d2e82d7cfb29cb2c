import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Single sign-on (modules/sso): the account's identity provider and domains, for its owners
 * (`sso.manage`). The settings act on the caller's own account (`self`: another account's
 * owner changes their own; the victim's admin and member are refused 403, sso.test.ts checks
 * it); a domain id answers 404 outside the victim account. The world's provider (stored
 * endpoints: a change of settings with the same issuer needs no discovery) and proven domain
 * come from the test world (ids.ssoIssuer, ids.ssoDomainId). Starting a sign-in is open to
 * anyone (`public`): it names the identity provider of an address, never account data.
 */
const domain = (w: WorldIds) => `/api/v1/account/sso/domains/${w.ssoDomainId}`;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/account/sso',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/sso' }),
  },
  {
    route: 'PUT /api/v1/account/sso',
    allow: ['self'],
    request: (w) => ({
      path: '/api/v1/account/sso',
      json: {
        issuer: w.ssoIssuer,
        clientId: 'outsider-suite',
        requireSso: false,
        defaultRole: 'member',
      },
    }),
  },
  {
    route: 'DELETE /api/v1/account/sso',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/sso' }),
  },
  {
    route: 'POST /api/v1/account/sso/domains',
    allow: ['self'],
    request: () => ({
      path: '/api/v1/account/sso/domains',
      json: { domain: 'outsider-suite.example', mailbox: 'admin' },
    }),
  },
  {
    route: 'POST /api/v1/account/sso/domains/{id}/verify',
    allow: ['owner'],
    // The world's domain is proven: the control's answer is the domain as it is.
    request: (w) => ({ path: `${domain(w)}/verify`, json: { code: '12345678' } }),
  },
  {
    route: 'DELETE /api/v1/account/sso/domains/{id}',
    allow: ['owner'],
    request: (w) => ({ path: domain(w) }),
  },
  {
    route: 'POST /api/v1/sso/sign-in',
    allow: ['public'],
    // An address at the world's proven domain: the answer is the provider's URL, nothing more.
    mutates: true,
    request: (w) => ({ path: '/api/v1/sso/sign-in', json: { email: `alice@${w.ssoDomain}` } }),
  },
];
