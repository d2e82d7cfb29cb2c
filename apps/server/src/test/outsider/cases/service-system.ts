import type { OutsiderCase } from '../types.ts';

/**
 * The service console's overview and system tabs: system admins only (none of the personas is
 * one). The job id is made up: every persona is refused before it is looked up.
 */
const JOB_ID = '00000000-0000-4000-8000-0000000005b5';

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/overview',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/overview?days=30' }),
  },
  {
    route: 'GET /api/v1/service/system',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/system' }),
  },
  {
    route: 'GET /api/v1/service/system/jobs',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/system/jobs?state=failed&limit=5' }),
  },
  {
    route: 'POST /api/v1/service/system/jobs/{jobId}/retry',
    allow: ['systemadmin'],
    request: () => ({ path: `/api/v1/service/system/jobs/${JOB_ID}/retry`, json: {} }),
    // The test world runs jobs inline: there is no failed job to retry; system.test.ts retries one.
    control: 'none',
  },
  {
    route: 'DELETE /api/v1/service/system/jobs/{jobId}',
    allow: ['systemadmin'],
    request: () => ({ path: `/api/v1/service/system/jobs/${JOB_ID}` }),
    // As above; system.test.ts deletes one.
    control: 'none',
  },
];
