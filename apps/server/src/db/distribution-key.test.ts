/**
 * The distribution key (docs/scaling.md): every tenant-owned table carries `account_id`, so the
 * schema can be sharded by account (Citus: distributed tables co-located by account_id). Read
 * from the database after the migrations, so it sees what is really there: a new table without
 * `account_id` fails here until it has one or is listed below with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { createTestDatabase } from '../test/db.ts';

/**
 * Global and reference tables: not owned by an account, so not distributed (Citus: reference
 * tables, copied to every node, or local to the coordinator).
 */
const GLOBAL_TABLES: Record<string, string> = {
  // The distribution root: its `id` is the account id.
  accounts: 'the account itself (distributed by its id)',
  // Identity (Better Auth): a person may belong to several accounts, so a user is global.
  users: 'people, who may belong to several accounts',
  sessions: 'a person’s sessions (the active account is in the session, not the row’s owner)',
  verifications: 'e-mail and sign-in codes, before an account exists',
  passkeys: 'a person’s passkeys',
  two_factors: 'a person’s second factor',
  // Per person, not per account.
  remediation_reminders: 'one reminder e-mail per person and day, across their accounts',
  // The service’s own records (service console, system tab).
  rate_limits: 'counters per client address and route, before any account is known',
  mail_failures: 'failed e-mail deliveries of the whole service',
  mailbox_messages: 'the development mailbox (test and e2e runs)',
  server_processes: 'heartbeats of the server processes',
  server_errors: '5xx counts per minute of the whole service',
  service_daily: 'the service console’s daily figures',
  analytics_daily: 'product analytics rollups across accounts',
  analytics_daily_users: 'product analytics: who was active on a day',
  analytics_daily_metrics: 'product analytics: daily totals',
  analytics_retention: 'product analytics: retention by sign-up week',
  audit_chain_head: 'the head of the one audit hash chain',
  audit_verifications: 'system admins’ verifications of the audit chain',
  // The public product roadmap and staff’s canned support replies: shared by everyone.
  roadmap_items: 'the public roadmap',
  roadmap_comments: 'the public roadmap',
  roadmap_votes: 'the public roadmap',
  support_canned_replies: 'staff’s replies, for every account’s tickets',
};

/** Tables owned by an account whose key has another name (a library’s own column). */
const KEY_UNDER_ANOTHER_NAME: Record<string, string> = {
  sso_providers: 'organization_id', // Better Auth's SSO plugin: the organization is the account
};

/**
 * Owned by an account but reached only through a parent's key today: `account_id` is still to
 * be added (docs/scaling.md, "The distribution key"). The test fails once one has it, so the list
 * only shrinks. Never add a new table here.
 */
const KEY_STILL_TO_ADD: Record<string, string> = {
  answer_writes: 'idempotency keys of answer writes, by assessment_id',
  check_result_batches: 'idempotency keys of check-result batches, by assessment_id',
  framework_versions: 'by framework_id (an account’s framework, or shipped content)',
  framework_nodes: 'by framework_id (an account’s framework, or shipped content)',
  blob_chunks: 'stored files’ chunks, by blob_key',
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function columnsByTable(): Promise<Map<string, Set<string>>> {
  const { rows } = await database.executeSql(
    `select c.table_name as t, c.column_name as c
     from information_schema.columns c
     join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows as Array<{ t: string; c: string }>) {
    if (!tables.has(t)) tables.set(t, new Set());
    tables.get(t)!.add(c);
  }
  return tables;
}

describe('the distribution key', () => {
  it('every tenant-owned table has account_id, or is listed with its reason', async () => {
    const tables = await columnsByTable();
    expect(tables.size).toBeGreaterThan(50);
    const missing = [...tables]
      .filter(([, columns]) => !columns.has('account_id'))
      .map(([name]) => name)
      .filter((name) => !(name in GLOBAL_TABLES) && !(name in KEY_STILL_TO_ADD))
      .filter((name) => !tables.get(name)!.has(KEY_UNDER_ANOTHER_NAME[name] ?? '\0'));
    expect(
      missing,
      'a table without account_id: add the column (tenant-owned), or list it in GLOBAL_TABLES with why it is global',
    ).toEqual([]);
  });

  it('its lists name only tables that exist, and nothing listed as still to do has the key', async () => {
    const tables = await columnsByTable();
    for (const name of [
      ...Object.keys(GLOBAL_TABLES),
      ...Object.keys(KEY_UNDER_ANOTHER_NAME),
      ...Object.keys(KEY_STILL_TO_ADD),
    ]) {
      expect(tables.has(name), `${name} is listed but does not exist`).toBe(true);
    }
    for (const name of Object.keys(KEY_STILL_TO_ADD)) {
      expect(
        tables.get(name)!.has('account_id'),
        `${name} has account_id now: take it off KEY_STILL_TO_ADD`,
      ).toBe(false);
    }
    for (const name of Object.keys(GLOBAL_TABLES)) {
      expect(tables.get(name)!.has('account_id'), `${name} has account_id: it is not global`).toBe(
        false,
      );
    }
  });
});
