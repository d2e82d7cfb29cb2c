/**
 * Evidence expired or expiring within EVIDENCE_LIMITS.expiringWithinDays (docs/evidence.md,
 * "Expiry"), as the dashboard lists it: across the account's active client tenants that the
 * caller reaches (docs/members.md), the soonest expiry first. One statement on the
 * `(account_id, expires_on)` index of evidence_files.
 */
import { DASHBOARD_LIMITS, EVIDENCE_LIMITS, type Dashboard } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { tenantAccessSql } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { evidenceFiles } from '../../db/schema/evidence.ts';
import { tenants } from '../../db/schema/tenants.ts';

/** `day` (YYYY-MM-DD) plus `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last day a file may expire on to count as expiring on `today`. */
export const expiringUntil = (today: string) => addDays(today, EVIDENCE_LIMITS.expiringWithinDays);

export async function expiringEvidence(
  db: Database,
  scope: Pick<AccountContext, 'accountId' | 'tenantAccess' | 'onlyTenantId'>,
  today: string,
): Promise<Dashboard['evidence']> {
  const reached = tenantAccessSql(scope, { id: sql`t.id`, tags: sql`t.tags` });
  const where = sql`ef.account_id = ${scope.accountId} and ef.expires_on is not null
    and ef.expires_on <= ${expiringUntil(today)}::date and t.archived_at is null and ${reached}`;
  const from = sql`${evidenceFiles} ef
    join ${tenants} t on t.id = ef.tenant_id and t.account_id = ef.account_id`;
  const [counts, files] = await Promise.all([
    queryRows<{ expired: number; expiring: number }>(
      db,
      sql`select count(*) filter (where ef.expires_on < ${today}::date)::int as expired,
          count(*) filter (where ef.expires_on >= ${today}::date)::int as expiring
        from ${from} where ${where}`,
      { prepared: true },
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select ef.id, ef.tenant_id, t.name as tenant_name, ef.name,
          to_char(ef.expires_on, 'YYYY-MM-DD') as expires
        from ${from} where ${where}
        order by ef.expires_on, ef.id
        limit ${DASHBOARD_LIMITS.evidence}`,
      { prepared: true },
    ),
  ]);
  return {
    expired: Number(counts[0]?.expired ?? 0),
    expiring: Number(counts[0]?.expiring ?? 0),
    files: files.map((r) => ({
      id: String(r.id),
      tenantId: String(r.tenant_id),
      tenantName: String(r.tenant_name),
      name: String(r.name),
      expiresOn: String(r.expires),
      state: String(r.expires) < today ? ('expired' as const) : ('expiring' as const),
    })),
  };
}
