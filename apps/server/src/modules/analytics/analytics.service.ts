import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent, AnalyticsEventQuery, StoredAnalyticsEvent } from '@tenantry/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { currentAccountIdSql } from '../../auth/claims.ts';

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

/** Newest events first, for the service console (system admins; not scoped to an account). */
export async function listEvents(
  db: Database,
  query: AnalyticsEventQuery,
): Promise<StoredAnalyticsEvent[]> {
  const rows = await db
    .select()
    .from(analyticsEvents)
    .where(
      and(
        query.name ? eq(analyticsEvents.name, query.name) : undefined,
        query.path ? eq(analyticsEvents.path, query.path) : undefined,
      ),
    )
    .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id))
    .limit(query.limit);
  return rows.map((r) => ({
    ...r,
    name: r.name as StoredAnalyticsEvent['name'],
    occurredAt: r.occurredAt.toISOString(),
    receivedAt: r.receivedAt.toISOString(),
  }));
}
