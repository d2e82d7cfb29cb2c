import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * One question across all clients (modules/question-answers): account-wide, for members only.
 * Another account's member gets 404 (the victim's private framework is not one it reads); a
 * shared user 403; a member limited to T1 sees and acts on T1's answers only.
 * question-answers.test.ts reads the tasks back after refused calls too.
 */
const path = (ids: WorldIds) => `/api/v1/questions/${ids.assessmentFrameworkId}/${ids.questionKey}`;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/questions/{frameworkId}/{questionKey}/answers',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `${path(ids)}/answers` }),
  },
  {
    route: 'POST /api/v1/questions/{frameworkId}/{questionKey}/tasks',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `${path(ids)}/tasks`, json: {} }),
  },
];
