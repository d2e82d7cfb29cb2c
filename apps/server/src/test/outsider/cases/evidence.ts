import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Evidence (modules/evidence): a client tenant's library and the files on answers. Under a
 * tenant id: 404 to everyone outside the victim account but its shared users; viewers read
 * (and get download links) but never upload, link, edit or delete (403). The respondent routes
 * take the victim respondent's token for question `questionKey` (section A) only. Refused
 * uploads keep nothing (the suite checks the tables; evidence.test.ts counts blobs too).
 */
// Shared contributors upload and link too (evidence.test.ts); listing `contributor` here would
// stop the suite from trying the viewer on the writes.
const WRITERS = ['owner', 'admin', 'member'] as const;
const READERS = [...WRITERS, 'viewer'] as const;
const library = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/evidence`;
const one = (ids: WorldIds) => `${library(ids)}/${ids.evidenceId}`;
const onAnswer = (ids: WorldIds) =>
  `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/answers/${ids.evidenceQuestionKey}/evidence/${ids.evidenceId}`;
const TEXT = 'Evidence sent by the outsider suite\n';

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/tenants/{tenantId}/evidence',
    allow: READERS,
    request: (ids) => ({ path: library(ids) }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/evidence',
    allow: WRITERS,
    request: (ids) => ({ path: `${library(ids)}?name=outsider.txt`, body: TEXT }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/evidence/{evidenceId}',
    allow: READERS,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'PATCH /api/v1/tenants/{tenantId}/evidence/{evidenceId}',
    allow: WRITERS,
    request: (ids) => ({ path: one(ids), json: { expiresOn: '2099-12-31', version: 1 } }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/evidence/{evidenceId}/revisions',
    allow: WRITERS,
    request: (ids) => ({ path: `${one(ids)}/revisions?version=1`, body: TEXT }),
  },
  {
    route: 'DELETE /api/v1/tenants/{tenantId}/evidence/{evidenceId}',
    allow: WRITERS,
    request: (ids) => ({ path: one(ids) }),
    // The member would delete the world's one file before the read controls run against it;
    // evidence.test.ts covers deleting (and viewers being refused).
    notCalledAs: ['member'],
  },
  {
    // A link is signed, nothing is stored: a read.
    route: 'POST /api/v1/tenants/{tenantId}/evidence/{evidenceId}/download-link',
    allow: READERS,
    mutates: false,
    request: (ids) => ({ path: `${one(ids)}/download-link`, json: {} }),
  },
  {
    // No session: the signature is the authority. A forged token is refused to everyone; the
    // module's tests follow real links (evidence.test.ts).
    route: 'GET /api/v1/evidence-downloads/{token}',
    allow: ['public'],
    control: 'none',
    request: (ids) => ({ path: `/api/v1/evidence-downloads/${ids.evidenceId}.forged` }),
  },
  {
    // Made on first request (a text file has none: 404 for everyone, the control included;
    // evidence.test.ts previews an image).
    route: 'GET /api/v1/tenants/{tenantId}/evidence/{evidenceId}/preview',
    allow: READERS,
    control: 'none',
    request: (ids) => ({ path: `${one(ids)}/preview` }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/evidence',
    allow: READERS,
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/evidence`,
    }),
  },
  {
    route:
      'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/evidence/{evidenceId}',
    allow: WRITERS,
    request: (ids) => ({ path: onAnswer(ids), json: {} }),
  },
  {
    route:
      'DELETE /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/evidence/{evidenceId}',
    allow: WRITERS,
    request: (ids) => ({ path: onAnswer(ids) }),
    // As above: the respondent's download-link control needs the file on the answer.
    notCalledAs: ['member'],
  },
  {
    // Any live token reads the files of its own part (another assessment's: its own, none of
    // the victim's).
    route: 'GET /api/v1/respond/evidence',
    allow: ['respondent'],
    mutates: false,
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond/evidence' }),
  },
  {
    route: 'POST /api/v1/respond/answers/{questionKey}/evidence',
    allow: [],
    control: 'respondent',
    request: (ids) => ({
      path: `/api/v1/respond/answers/${ids.questionKey}/evidence?name=photo.txt`,
      body: TEXT,
    }),
  },
  {
    // The victim respondent removes only files they added, and the fixture's file was added by
    // the owner: the control is refused too (evidence.test.ts removes a respondent's own file).
    route: 'DELETE /api/v1/respond/answers/{questionKey}/evidence/{evidenceId}',
    allow: [],
    control: 'none',
    request: (ids) => ({
      path: `/api/v1/respond/answers/${ids.evidenceQuestionKey}/evidence/${ids.evidenceId}`,
    }),
  },
  {
    route: 'POST /api/v1/respond/evidence/{evidenceId}/download-link',
    allow: [],
    mutates: false,
    control: 'respondent',
    request: (ids) => ({
      path: `/api/v1/respond/evidence/${ids.evidenceId}/download-link`,
      json: {},
    }),
  },
];
