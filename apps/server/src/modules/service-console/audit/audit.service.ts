/**
 * The service console's audit tab (docs/service-console.md, "Service console: audit"): the
 * system-wide audit log for system admins, newest first, keyset-paged by (created_at, id),
 * filtered by actor, account, action (one, or a domain prefix) and time; and its export,
 * streamed page by page. Each filter has an index ending in (created_at, id)
 * (db/schema/audit.ts), so any combination reads one index range in the list's order.
 */
import {
  isAuditActionPrefix,
  type ServiceAuditEntry,
  type ServiceAuditExportQuerySchema,
  type ServiceAuditFiltersSchema,
  type ServiceAuditPage,
  type ServiceAuditQuerySchema,
} from '@tenantry/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import { accounts, auditLog } from '../../../db/schema/index.ts';
import { csvRow, CSV_BOM, type CsvCell } from '../../../lib/csv.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../../lib/cursor.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';

export type ServiceAuditFilters = z.output<typeof ServiceAuditFiltersSchema>;
export type ServiceAuditQuery = z.output<typeof ServiceAuditQuerySchema>;
export type ServiceAuditExportQuery = z.output<typeof ServiceAuditExportQuerySchema>;

/** The created_at of a row as a cursor carries it: UTC with microseconds, as stored. */
const createdAtKey = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

/** The `where` of the filters: each one an equality on an index's first column, or a range. */
function filterWhere(f: ServiceAuditFilters): SQL | undefined {
  const actor = f.actor
    ? f.actor.includes('@')
      ? eq(auditLog.actorEmail, f.actor.toLowerCase())
      : eq(auditLog.actorUserId, f.actor)
    : undefined;
  const action = f.action
    ? isAuditActionPrefix(f.action)
      ? sql`split_part(${auditLog.action}, '.', 1) = ${f.action.slice(0, -1)}`
      : eq(auditLog.action, f.action)
    : undefined;
  return and(
    actor,
    f.accountId ? eq(auditLog.accountId, f.accountId) : undefined,
    action,
    f.from ? sql`${auditLog.createdAt} >= ${f.from}::timestamptz` : undefined,
    f.to ? sql`${auditLog.createdAt} < ${f.to}::timestamptz` : undefined,
  );
}

const rowColumns = {
  entry: auditLog,
  accountName: accounts.name,
  key: createdAtKey,
};

type Row = { entry: typeof auditLog.$inferSelect; accountName: string | null; key: string };

function toEntry({ entry: r, accountName }: Row): ServiceAuditEntry {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    action: r.action,
    actorUserId: r.actorUserId,
    actorEmail: r.actorEmail,
    accountId: r.accountId,
    accountName,
    targetType: r.targetType,
    targetId: r.targetId,
    data: r.data,
    ipAddress: r.ipAddress,
    chainSeq: r.chainSeq,
  };
}

/** One page after `after` ([createdAt, id]), newest first: `limit + 1` rows tell if more follow. */
async function readPage(
  db: Database,
  filters: ServiceAuditFilters,
  after: readonly [string, string] | null,
  limit: number,
): Promise<Row[]> {
  return db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .where(
      and(
        filterWhere(filters),
        after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** GET /service/audit: one page of the system-wide log. */
export async function listServiceAudit(
  db: Database,
  query: ServiceAuditQuery,
): Promise<ServiceAuditPage> {
  const after = query.cursor ? decodeCursor(query.cursor, CursorSchema) : null;
  const rows = await readPage(db, query, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.entry.id]) : null,
  };
}

/** Rows read per query while exporting. */
export const EXPORT_PAGE = 1000;

/** Every entry the filters match, newest first, one page in memory at a time. */
export async function* exportEntries(
  db: Database,
  filters: ServiceAuditFilters,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<ServiceAuditEntry> {
  let after: readonly [string, string] | null = null;
  for (;;) {
    const rows = await readPage(db, filters, after, pageSize);
    for (const row of rows) yield toEntry(row);
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return;
    after = [last.key, last.entry.id];
  }
}

export const EXPORT_COLUMNS = [
  'time',
  'action',
  'actor_email',
  'actor_user_id',
  'account_id',
  'account_name',
  'target_type',
  'target_id',
  'ip_address',
  'data',
  'chain_seq',
  'id',
] as const;

function csvCells(e: ServiceAuditEntry): CsvCell[] {
  return [
    e.createdAt,
    e.action,
    e.actorEmail,
    e.actorUserId,
    e.accountId,
    e.accountName,
    e.targetType,
    e.targetId,
    e.ipAddress,
    JSON.stringify(e.data),
    e.chainSeq,
    e.id,
  ];
}

/**
 * The export as a stream of text chunks: CSV (lib/csv.ts: a byte-order mark, a header row,
 * formulas defused) or a JSON array of entries. Pulled as the client reads.
 */
export async function* exportChunks(
  entries: AsyncIterable<ServiceAuditEntry>,
  format: 'csv' | 'json',
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield CSV_BOM + csvRow(EXPORT_COLUMNS);
    for await (const e of entries) yield csvRow(csvCells(e));
    return;
  }
  yield '[';
  let first = true;
  for await (const e of entries) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(e)}`;
    first = false;
  }
  yield '\n]\n';
}

/** The filters as an audit entry keeps them (only those given). */
function filtersData(f: ServiceAuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Audits an export as it starts (`service.audit_exported`, with its format and filters). */
export async function recordExport(
  db: Database,
  actor: Actor,
  query: ServiceAuditExportQuery,
  ipAddress: string | null,
): Promise<void> {
  const { format, ...filters } = query;
  await recordSystemAudit(db, actor, {
    action: 'service.audit_exported',
    targetType: 'audit_log',
    data: { format, filters: filtersData(filters) },
    ipAddress,
  });
}
