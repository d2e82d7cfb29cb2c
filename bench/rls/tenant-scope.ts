/**
 * Row-level security as a second wall (ADR 0008): runs `fn` in one transaction whose first
 * statement switches to the non-superuser role `tenantry_app` and sets the account whose rows
 * the policies let through, both transaction-local (`set_config(..., true)`), in ONE statement.
 * Works on PGlite (which connects as a superuser, so RLS applies only after the role switch)
 * and on PostgreSQL (the login role must be a member of `tenantry_app`).
 *
 * It needs the role, grants and policies of ADR 0008 in the database; see that ADR for
 * whether the app uses it.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../apps/server/src/db/client.ts';

export const TENANT_SCOPE_ROLE = 'tenantry_app';

/** A transaction of the database (what `fn` receives). */
export type ScopedTx = Tx;

export function tenantScopeStatement(accountId: string) {
  return sql`select set_config('role', ${TENANT_SCOPE_ROLE}, true), set_config('app.account_id', ${accountId}, true)`;
}

export async function withTenantScope<T>(
  db: Database,
  accountId: string,
  fn: (tx: ScopedTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(tenantScopeStatement(accountId));
    return fn(tx);
  });
}

/** Tables under a policy `account_id = current_setting('app.account_id', true)`. */
export const TENANT_SCOPED_TABLES = [
  'tenants',
  'share_grants',
  'invitations',
  'audit_log',
  'memberships',
  'media',
] as const;

/**
 * The SQL of ADR 0008 (role, grants, policies), idempotent. Used by the test and bench/rls.mjs
 * on scratch databases; the app's migrations hold it only if the ADR adopts RLS.
 */
export function tenantScopeSetupSql(): string {
  const role = TENANT_SCOPE_ROLE;
  const tables = TENANT_SCOPED_TABLES;
  return [
    `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
    CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END $$;`,
    `GRANT ${role} TO CURRENT_USER;`,
    `GRANT USAGE ON SCHEMA public TO ${role};`,
    `GRANT SELECT ON accounts, users TO ${role};`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables.join(', ')} TO ${role};`,
    ...tables.flatMap((t) => [
      `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY;`,
      `DROP POLICY IF EXISTS ${t}_account_scope ON ${t};`,
      `CREATE POLICY ${t}_account_scope ON ${t} TO ${role}
  USING (account_id = current_setting('app.account_id', true))
  WITH CHECK (account_id = current_setting('app.account_id', true));`,
    ]),
  ].join('\n');
}
