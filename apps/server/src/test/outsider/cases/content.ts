import { CONTENT_REVISION } from '../../world/fixtures/content.ts';
import type { OutsiderCase } from '../types.ts';

/*
 * Content (modules/content). Authoring routes on one item answer 404 `content.not_found` to
 * anyone outside the victim account and 403 to its plain member (owners and admins author
 * private content); a shared user has no account (403). Lists and creation act on the
 * caller's own account (`self`). The library serves published content to the account's
 * members. content.test.ts reads the rows back after refused calls.
 */
const R = CONTENT_REVISION;
const doc = (key: string, name = 'Changed by the outsider suite') => ({
  format: 'tenantry.framework/1',
  key,
  name,
  sections: [
    { key: 'S', title: 'Section', questions: [{ key: 'Q', title: 'Q?', type: 'yes_no' }] },
  ],
});

const itemCases = (
  plural: 'playbooks' | 'articles',
  id: (ids: Parameters<OutsiderCase['request']>[0]) => string,
): OutsiderCase[] => [
  {
    route: `GET /api/v1/content/${plural}`,
    allow: ['self', 'member'],
    request: () => ({ path: `/api/v1/content/${plural}?scope=private` }),
  },
  {
    route: `POST /api/v1/content/${plural}`,
    allow: ['self', 'owner', 'admin'],
    request: () => ({
      path: `/api/v1/content/${plural}`,
      json: {
        scope: 'private',
        key: `outsider-${plural}-${Math.random().toString(36).slice(2, 8)}`,
        title: 'Outsider',
      },
    }),
  },
  {
    route: `GET /api/v1/content/${plural}/{id}`,
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/${plural}/${id(ids)}` }),
  },
  {
    route: `PUT /api/v1/content/${plural}/{id}`,
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/${plural}/${id(ids)}`,
      json: { revision: R, title: 'Changed by the outsider suite' },
    }),
  },
  {
    route: `POST /api/v1/content/${plural}/{id}/publish`,
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/${plural}/${id(ids)}/publish`,
      json: { revision: R },
    }),
  },
  {
    route: `POST /api/v1/content/${plural}/{id}/unpublish`,
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/${plural}/${id(ids)}/unpublish`,
      json: { revision: R },
    }),
  },
  {
    route: `DELETE /api/v1/content/${plural}/{id}`,
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/${plural}/${id(ids)}` }),
  },
  {
    route: `GET /api/v1/library/${plural}`,
    allow: ['self', 'member'],
    request: () => ({ path: `/api/v1/library/${plural}?q=victim` }),
  },
  {
    route: `GET /api/v1/library/${plural}/{id}`,
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `/api/v1/library/${plural}/${id(ids)}` }),
  },
];

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/content/frameworks',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/content/frameworks?scope=private&limit=100' }),
  },
  {
    route: 'POST /api/v1/content/frameworks',
    allow: ['self', 'owner', 'admin'],
    request: () => ({
      path: '/api/v1/content/frameworks',
      json: {
        scope: 'private',
        key: `outsider-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Outsider',
      },
    }),
  },
  {
    route: 'POST /api/v1/content/frameworks/import',
    allow: ['self', 'owner', 'admin'],
    request: () => ({
      path: '/api/v1/content/frameworks/import',
      json: {
        scope: 'private',
        document: doc(`outsider-import-${Math.random().toString(36).slice(2, 8)}`),
      },
    }),
  },
  {
    route: 'GET /api/v1/content/frameworks/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.frameworkId}` }),
  },
  {
    route: 'PUT /api/v1/content/frameworks/{id}/draft',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.frameworkId}/draft`,
      json: { revision: R, document: doc(ids.frameworkKey) },
    }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/draft/discard',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.frameworkId}/draft/discard`,
      json: { revision: R },
    }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/publish',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.frameworkId}/publish`,
      json: { revision: R, releaseNotes: 'Published by the outsider suite' },
    }),
  },
  {
    route: 'GET /api/v1/content/frameworks/{id}/versions/{version}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.frameworkId}/versions/1` }),
  },
  {
    route: 'GET /api/v1/content/frameworks/{id}/diff',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.frameworkId}/diff?from=1&to=draft`,
    }),
  },
  {
    route: 'GET /api/v1/content/frameworks/{id}/export',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.frameworkId}/export?version=1` }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/archive',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.frameworkId}/archive`, json: {} }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/restore',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.frameworkId}/restore`, json: {} }),
  },
  {
    route: 'DELETE /api/v1/content/frameworks/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.draftFrameworkId}` }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/fork',
    // A global framework: any account's owners and admins fork it into their own library.
    allow: ['self', 'owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.upstreamFrameworkId}/fork`,
      json: { key: `outsider-fork-${Math.random().toString(36).slice(2, 8)}` },
    }),
  },
  {
    route: 'GET /api/v1/content/frameworks/{id}/upstream',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/frameworks/${ids.forkFrameworkId}/upstream` }),
  },
  {
    route: 'POST /api/v1/content/frameworks/{id}/upstream/take',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/content/frameworks/${ids.forkFrameworkId}/upstream/take`,
      json: { revision: 1, toVersion: 2, take: [{ id: '@framework' }] },
    }),
  },
  {
    route: 'GET /api/v1/library/frameworks',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/library/frameworks?q=victim' }),
  },
  {
    route: 'GET /api/v1/library/frameworks/{id}',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `/api/v1/library/frameworks/${ids.frameworkId}` }),
  },
  ...itemCases('playbooks', (ids) => ids.playbookId),
  ...itemCases('articles', (ids) => ids.articleId),
  {
    route: 'GET /api/v1/content/media',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/content/media?scope=private' }),
    // The member gets 403 (only owners and admins author images); that is the member's own
    // account, so it is a refusal, not a leak.
  },
  {
    route: 'POST /api/v1/content/media',
    allow: ['self', 'owner', 'admin'],
    // A multipart upload; the suite sends JSON bodies only. content.test.ts uploads.
    control: 'none',
    request: () => ({ path: '/api/v1/content/media?scope=private', json: {} }),
  },
  {
    route: 'DELETE /api/v1/content/media/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/content/media/${ids.contentImageId}?scope=private` }),
  },
];
