/**
 * The audit log's hash chain (docs/service-console.md, "Service console: audit"). Entries are
 * written as before, by anyone, without a lock; a periodic job seals them afterwards, one
 * runner at a time (a transaction-level advisory lock), in batches: each unsealed entry gets
 * `chain_seq` = head + 1, `prev_hash` = the head's hash and `hash` = SHA-256 over that
 * previous hash and a canonical serialisation of the entry. `audit_chain_head` keeps the last
 * sealed seq and hash, moved in the same transaction.
 *
 * Verifying walks the chain from seq 1 to the head in batches (flat memory) and recomputes
 * every hash: a changed entry no longer matches its hash, a deleted one leaves a gap in
 * `chain_seq` (or, at the end, a chain shorter than the head).
 */
import { createHash } from 'node:crypto';
import type { AuditChainVerification } from '@tenantry/shared';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { auditChainHead, auditLog } from '../../../db/schema/index.ts';

/** The `prev_hash` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);
const HEAD_ID = 'audit';
/** Arbitrary constant: one sealing runner at a time across every process. */
const SEAL_LOCK_ID = 727_110_023;
/** Entries per sealing transaction and per verifying read. */
export const CHAIN_BATCH = 1000;
/** How long one sealing run keeps going while there is more to seal. */
const SEAL_BUDGET_MS = 20_000;

/** created_at as stored (UTC, microseconds): what the hash covers. */
const createdAtText = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns the hash covers, as read for sealing and for verifying. */
const hashedColumns = {
  id: auditLog.id,
  accountId: auditLog.accountId,
  actorUserId: auditLog.actorUserId,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  data: auditLog.data,
  ipAddress: auditLog.ipAddress,
  createdAt: createdAtText,
};

export type HashedEntry = {
  id: string;
  accountId: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  data: unknown;
  ipAddress: string | null;
  createdAt: string;
};

/** JSON with every object's keys sorted, at every depth: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash of an entry after `prevHash`: SHA-256 (hex) of the previous hash, a line break and the entry. */
export function entryHash(prevHash: string, e: HashedEntry): string {
  const body = canonicalJson([
    e.id,
    e.accountId,
    e.actorUserId,
    e.actorEmail,
    e.action,
    e.targetType,
    e.targetId,
    e.data,
    e.ipAddress,
    e.createdAt,
  ]);
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

type Head = { seq: number; hash: string };

async function readHead(db: Pick<Database, 'select'>): Promise<Head> {
  const [head] = await db
    .select({ seq: auditChainHead.seq, hash: auditChainHead.hash })
    .from(auditChainHead)
    .where(eq(auditChainHead.id, HEAD_ID));
  return head ?? { seq: 0, hash: GENESIS_HASH };
}

/**
 * Seals one batch of unsealed entries, oldest first, in one transaction; answers how many, or
 * null when another runner holds the lock.
 */
async function sealBatch(db: Database, batch: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_ID}) as ok`);
    if (!(locked as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return null;
    const rows = await tx
      .select(hashedColumns)
      .from(auditLog)
      .where(isNull(auditLog.chainSeq))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .limit(batch);
    if (rows.length === 0) return 0;
    let { seq, hash } = await readHead(tx);
    const sealed = rows.map((row) => {
      const prev = hash;
      seq += 1;
      hash = entryHash(prev, row);
      return sql`(${row.id}::text, ${seq}::bigint, ${prev}::text, ${hash}::text)`;
    });
    await tx.execute(sql`update ${auditLog} set chain_seq = v.seq, prev_hash = v.prev, hash = v.hash
      from (values ${sql.join(sealed, sql`, `)}) as v(id, seq, prev, hash)
      where ${auditLog.id} = v.id`);
    await tx
      .insert(auditChainHead)
      .values({ id: HEAD_ID, seq, hash })
      .onConflictDoUpdate({
        target: auditChainHead.id,
        set: { seq, hash, updatedAt: sql`now()` },
      });
    return rows.length;
  });
}

/**
 * The periodic job: seals unsealed entries batch after batch until none is left (or the run
 * has taken SEAL_BUDGET_MS; the next run goes on). Answers how many it sealed.
 */
export async function sealAuditChain(
  db: Database,
  opts: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? CHAIN_BATCH;
  const until = Date.now() + (opts.budgetMs ?? SEAL_BUDGET_MS);
  let total = 0;
  for (;;) {
    const n = await sealBatch(db, batch);
    if (n === null) return total;
    total += n;
    if (n < batch || Date.now() > until) return total;
  }
}

/** How many entries wait to be sealed (the partial index audit_log_unsealed_idx). */
async function countUnsealed(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(isNull(auditLog.chainSeq));
  return Number(row?.n ?? 0);
}

/**
 * The `service.audit-verify` job (audit.service.ts): recomputes the chain from its first entry
 * to the head read at the start (entries sealed meanwhile are left for the next verification),
 * CHAIN_BATCH entries at a time, telling `onProgress` after each batch. The first break found is answered: `gap` (an entry missing: deleted, or
 * its seal cleared), `prev_hash_mismatch` (an entry's link does not name the one before),
 * `hash_mismatch` (an entry changed after it was sealed).
 */
export async function verifyAuditChain(
  db: Database,
  opts: {
    batch?: number;
    onProgress?: (checked: number, total: number) => Promise<void>;
  } = {},
): Promise<AuditChainVerification> {
  const batch = opts.batch ?? CHAIN_BATCH;
  const head = await readHead(db);
  const unsealed = await countUnsealed(db);
  await opts.onProgress?.(0, head.seq);
  let expectSeq = 1;
  let prevHash = GENESIS_HASH;
  let checked = 0;
  const broken = (seq: number, reason: AuditChainVerification['reason']) => ({
    ok: false,
    checked,
    firstBrokenSeq: seq,
    reason,
    unsealed,
  });
  while (expectSeq <= head.seq) {
    const rows = await db
      .select({
        ...hashedColumns,
        seq: auditLog.chainSeq,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .where(and(gt(auditLog.chainSeq, expectSeq - 1), lte(auditLog.chainSeq, head.seq)))
      .orderBy(asc(auditLog.chainSeq))
      .limit(batch);
    if (rows.length === 0) return broken(expectSeq, 'gap');
    for (const row of rows) {
      if (row.seq !== expectSeq) return broken(expectSeq, 'gap');
      if (row.prevHash !== prevHash) return broken(expectSeq, 'prev_hash_mismatch');
      if (row.hash !== entryHash(prevHash, row)) return broken(expectSeq, 'hash_mismatch');
      prevHash = row.hash;
      expectSeq += 1;
      checked += 1;
    }
    await opts.onProgress?.(checked, head.seq);
  }
  // The chain must end on the head's hash (a head without entries: the newest were deleted).
  if (head.seq > 0 && prevHash !== head.hash) return broken(head.seq, 'hash_mismatch');
  return { ok: true, checked, unsealed };
}
