import type { ClientConfig, CurrentUser } from '@tenantry/shared';
import { CLIENT_CONFIG_PROFILES } from '@tenantry/shared';

export const USER: CurrentUser = {
  uid: 'u1',
  email: 'robin@example.test',
  displayName: 'Robin Park',
  tid: 'acc1',
  ptid: null,
  ttid: null,
  role: 'user',
  isSharedUser: false,
  isSystemDev: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

export const ADMIN: CurrentUser = {
  ...USER,
  uid: 'u2',
  email: 'sam@example.test',
  displayName: 'Sam Admin',
  role: 'systemadmin',
};

export const SHARED: CurrentUser = {
  ...USER,
  uid: 'u3',
  email: 'auditor@client.test',
  displayName: 'Ari Auditor',
  tid: null,
  ptid: 'acc9',
  ttid: 'client7',
  isSharedUser: true,
};

export const CONFIG: ClientConfig = {
  ...CLIENT_CONFIG_PROFILES.test,
  authDomain: 'http://localhost:3000',
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A client tenant's posture before any completed assessment (docs/portfolio.md). */
export const EMPTY_POSTURE = {
  completion: null,
  trend: null,
  sections: [],
  sectionsBelow: 0,
  overdueTasks: 0,
  lastActivityAt: null,
};
