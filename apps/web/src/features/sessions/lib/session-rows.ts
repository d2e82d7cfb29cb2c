import type { SessionInfo } from '@tenantry/shared';
import { describeUserAgent, isMobileUserAgent } from './user-agent.ts';

export interface SessionRow {
  id: string;
  /** "Chrome on Linux" */
  device: string;
  /** A phone or tablet (its icon). */
  mobile: boolean;
  ipAddress: string | null;
  lastActiveAt: string;
  createdAt: string;
  /** The session of this browser. */
  current: boolean;
  /** A shared sign-in (a one-time code for one client tenant). */
  shared: boolean;
}

/** The sessions as the list shows them: this device first, then the most recently active. */
export function sessionRows(sessions: readonly SessionInfo[]): SessionRow[] {
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      mobile: isMobileUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      lastActiveAt: s.lastActiveAt,
      createdAt: s.createdAt,
      current: s.current,
      shared: s.shared,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt),
    );
}

/** How many sessions "End all other sessions" would end. */
export function otherSessionCount(sessions: readonly Pick<SessionInfo, 'current'>[]): number {
  return sessions.filter((s) => !s.current).length;
}
