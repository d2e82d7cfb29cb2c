/**
 * A fingerprint of the tenant-owned data: per table, the sum of its rows' md5s, so "the
 * database is unchanged" is one query and a failure names the table that changed.
 *
 * Every table of the public schema is included (a table added later is covered without an
 * edit here) except those a refused or anonymous call may legitimately touch.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** Written by anonymous or any caller on purpose, or bookkeeping of sign-in itself. */
const EXCLUDED_TABLES = new Set([
  'analytics_events', // anonymous page views are allowed
  'sessions',
  'rate_limits', // every limited request counts, refused or not
  'verifications',
  'mailbox_messages',
  '__drizzle_migrations',
]);

/** Columns that record use, not data (a shared user's own grant gets last_used_at). */
const EXCLUDED_COLUMNS: Record<string, string[]> = {
  users: ['updated_at'],
  // A member's own account notes that they were active (auth/claims.ts noteActivity).
  accounts: ['last_active_at'],
  share_grants: ['last_used_at'],
  // A key's own last use, noted whether the request is then refused or not.
  api_keys: ['last_used_at', 'last_used_ip'],
  // A wrong code for a domain counts a try, and the refusal says so (modules/sso).
  sso_domains: ['attempts'],
  // The hash chain's seal, written by the sealing job after the entry.
  audit_log: ['chain_seq', 'prev_hash', 'hash'],
};

/**
 * Rows a refused or anonymous call may legitimately write, by table: a condition on the row
 * (`t` in the fingerprint, `NEW` in the change log's trigger). A refused sign-in by code is a
 * security event (`auth.sign_in_failed`), recorded whoever tries.
 */
const EXCLUDED_ROWS: Record<string, (row: string) => string> = {
  audit_log: (row) => `${row}.action like 'auth.%'`,
};

export type Snapshot = Record<string, string>;

/** The change log's table (test databases only; see installChangeLog). */
const CHANGE_LOG = 'test_change_log';

let statement: Promise<string> | undefined;

async function publicTables(db: Database): Promise<string[]> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return tables.map((r) => r.table_name).filter((name) => name !== CHANGE_LOG);
}

async function buildStatement(db: Database): Promise<string> {
  const parts = (await publicTables(db))
    .filter((name) => !EXCLUDED_TABLES.has(name))
    .map((name) => {
      const minus = (EXCLUDED_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join('');
      const row = `(to_jsonb(t)${minus})::text`;
      // An order-independent sum of the rows' hashes: no sort of every row's text (the suites
      // take a fingerprint around every request).
      return `select '${name}' as table_name, count(*)::int as n,
        coalesce(sum(('x' || substr(md5(${row}), 1, 15))::bit(60)::bigint), 0)::text as hash
        from "${name}" t${EXCLUDED_ROWS[name] ? ` where not (${EXCLUDED_ROWS[name]('t')})` : ''}`;
    });
  return parts.join('\nunion all\n');
}

/** Table name → `rows:md5` of the tenant-owned tables. */
export async function snapshot(db: Database): Promise<Snapshot> {
  statement ??= buildStatement(db);
  const rows = await queryRows<{ table_name: string; n: number; hash: string }>(
    db,
    sql.raw(await statement),
  );
  return Object.fromEntries(rows.map((r) => [r.table_name, `${r.n}:${r.hash}`]));
}

/** Names of the tables whose fingerprint differs. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

/**
 * For suites that check "a refused request changed nothing" around every single request (the
 * fuzz suite): a row trigger on each fingerprinted table, plus `also`, notes the table's name
 * when a row is inserted, deleted, or updated in a column the fingerprint reads. Reading what
 * changed is then one small statement (takeChanges) instead of hashing every row of every table,
 * which grows with the data. Same tables and excluded columns as snapshot(); a write rolled back
 * leaves no note. Installed once per test database.
 */
export async function installChangeLog(db: Database, also: string[] = []): Promise<void> {
  await queryRows(
    db,
    sql.raw(`create table if not exists ${CHANGE_LOG} (table_name text not null)`),
  );
  await queryRows(
    db,
    sql.raw(`create or replace function test_note_change() returns trigger
      language plpgsql as $$
      declare
        ignored text[] := coalesce(TG_ARGV, '{}'::text[]);
      begin
        if TG_OP = 'UPDATE' and (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) then
          return null;
        end if;
        insert into ${CHANGE_LOG} (table_name) values (TG_TABLE_NAME);
        return null;
      end $$`),
  );
  const tables = (await publicTables(db)).filter(
    (name) => !EXCLUDED_TABLES.has(name) || also.includes(name),
  );
  for (const name of tables) {
    const args = (EXCLUDED_COLUMNS[name] ?? []).map((c) => `'${c}'`).join(', ');
    const excluded = EXCLUDED_ROWS[name];
    if (!excluded) {
      await queryRows(
        db,
        sql.raw(`create or replace trigger test_note_change after insert or update or delete
          on "${name}" for each row execute function test_note_change(${args})`),
      );
      continue;
    }
    // An excluded row's insert is no change (a trigger's WHEN cannot name NEW on a delete).
    await queryRows(
      db,
      sql.raw(`create or replace trigger test_note_change after update or delete
        on "${name}" for each row execute function test_note_change(${args})`),
    );
    await queryRows(
      db,
      sql.raw(`create or replace trigger test_note_insert after insert
        on "${name}" for each row when (not (${excluded('NEW')}))
        execute function test_note_change(${args})`),
    );
  }
}

/** Names of the tables written since the last call (installChangeLog), and forgets them. */
export async function takeChanges(db: Database): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql.raw(`delete from ${CHANGE_LOG} returning table_name`),
  );
  return [...new Set(rows.map((r) => r.table_name))].sort();
}
