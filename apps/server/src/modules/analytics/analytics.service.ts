import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@tenantry/shared';
import type { Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { currentAccountIdSql } from '../auth/claims.ts';

/**
 * Stores a validated batch in ONE multi-row insert (all or nothing). The account is the
 * signed-in user's current account, resolved inside the same statement.
 */
export async function recordEvents(
  db: Database,
  userId: string | null,
  events: readonly AnalyticsEvent[],
): Promise<number> {
  const receivedAt = new Date();
  const accountId = userId ? currentAccountIdSql(userId) : null;
  await db.insert(analyticsEvents).values(
    events.map((e) => ({
      id: randomUUID(),
      name: e.name,
      path: e.path,
      title: e.title ?? null,
      tab: e.tab ?? null,
      focus: e.focus ?? null,
      userId,
      accountId,
      occurredAt: e.occurredAt ? new Date(e.occurredAt) : receivedAt,
      receivedAt,
    })),
  );
  return events.length;
}
