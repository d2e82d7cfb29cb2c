/**
 * The audit hash chain: sealing in batches, one runner at a time, and a verification that
 * finds a changed entry (hash mismatch at its seq) and a deleted one (a gap), anywhere in the
 * chain including its newest end. The chain is one for the database, so the cases run in
 * order and each puts back what it tampered with.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { auditChainHead, auditLog } from '../../../db/schema/index.ts';
import { createTestDatabase, openSecondHandle } from '../../../test/db.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';
import {
  GENESIS_HASH,
  canonicalJson,
  entryHash,
  sealAuditChain,
  verifyAuditChain,
} from './audit-chain.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

async function write(n: number, tag: string) {
  for (let i = 0; i < n; i += 1) {
    await recordSystemAudit(
      db(),
      { userId: null, email: 'chain@example.com' },
      {
        action: 'service.note_added',
        targetType: 'test',
        targetId: `${tag}-${i}`,
        data: { i, tag, nested: { b: [1, 'two', null], a: true } },
        ipAddress: '192.0.2.1',
      },
    );
  }
}

/** An empty log and chain, then `n` entries sealed. */
async function freshChain(n: number) {
  await db().delete(auditLog);
  await db().delete(auditChainHead);
  if (n === 0) return;
  await write(n, 'fresh');
  expect(await sealAuditChain(db())).toBe(n);
}

async function entryAt(seq: number) {
  const [row] = await db().select().from(auditLog).where(eq(auditLog.chainSeq, seq));
  if (!row) throw new Error(`no entry at ${seq}`);
  return row;
}

describe('canonical serialisation', () => {
  it('sorts keys at every depth and leaves arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    const entry = {
      id: 'x',
      accountId: null,
      actorUserId: null,
      actorEmail: null,
      action: 'a.b',
      targetType: 't',
      targetId: null,
      data: { b: 1, a: 2 },
      ipAddress: null,
      createdAt: '2024-01-01T00:00:00.000001Z',
    };
    const same = entryHash(GENESIS_HASH, { ...entry, data: { a: 2, b: 1 } });
    expect(entryHash(GENESIS_HASH, entry)).toBe(same);
    expect(entryHash(GENESIS_HASH, { ...entry, data: { a: 2, b: 2 } })).not.toBe(same);
    expect(entryHash('f'.repeat(64), entry)).not.toBe(same);
  });
});

describe('sealing and verifying', () => {
  it('an empty chain verifies, and counts what waits to be sealed', async () => {
    expect(await verifyAuditChain(db())).toEqual({ ok: true, checked: 0, unsealed: 0 });
    await write(7, 'first');
    expect(await verifyAuditChain(db())).toEqual({ ok: true, checked: 0, unsealed: 7 });
  });

  it('seals in batches, oldest first, each entry linked to the one before', async () => {
    expect(await sealAuditChain(db(), { batch: 3 })).toBe(7);
    const rows = await db().select().from(auditLog).orderBy(asc(auditLog.chainSeq));
    expect(rows.map((r) => r.chainSeq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows.map((r) => r.targetId)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `first-${i}`));
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    const [head] = await db().select().from(auditChainHead);
    expect(head).toMatchObject({ seq: 7, hash: rows[6]?.hash });
    expect(await verifyAuditChain(db(), { batch: 2 })).toEqual({
      ok: true,
      checked: 7,
      unsealed: 0,
    });
    // Nothing left: a run seals nothing.
    expect(await sealAuditChain(db())).toBe(0);
  });

  it('entries written later continue the chain', async () => {
    await write(4, 'second');
    expect(await sealAuditChain(db(), { batch: 10 })).toBe(4);
    expect(await verifyAuditChain(db(), { batch: 3 })).toEqual({
      ok: true,
      checked: 11,
      unsealed: 0,
    });
  });

  it('a changed entry breaks the chain at its seq', async () => {
    const entry = await entryAt(5);
    const tamper = async (set: Partial<typeof auditLog.$inferInsert>) => {
      await db().update(auditLog).set(set).where(eq(auditLog.id, entry.id));
      const result = await verifyAuditChain(db(), { batch: 2 });
      await db()
        .update(auditLog)
        .set({ data: entry.data, ipAddress: entry.ipAddress, accountId: entry.accountId })
        .where(eq(auditLog.id, entry.id));
      return result;
    };
    expect(await tamper({ data: { ...entry.data, i: 99 } })).toEqual({
      ok: false,
      checked: 4,
      firstBrokenSeq: 5,
      reason: 'hash_mismatch',
      unsealed: 0,
    });
    // Any covered column counts.
    expect(await tamper({ ipAddress: '192.0.2.99' })).toMatchObject({ firstBrokenSeq: 5 });
    expect(await tamper({ accountId: 'someone-else' })).toMatchObject({ firstBrokenSeq: 5 });
    // Put back as it was, the chain is whole again.
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true, checked: 11 });
  });

  it('a changed entry whose hash is recomputed breaks the link of the next one', async () => {
    const entry = await entryAt(5);
    const [hashed] = await db()
      .select({
        createdAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(auditLog)
      .where(eq(auditLog.id, entry.id));
    const forged = { ...entry, data: { ...entry.data, i: 42 }, createdAt: hashed!.createdAt };
    await db()
      .update(auditLog)
      .set({ data: forged.data, hash: entryHash(entry.prevHash!, forged) })
      .where(eq(auditLog.id, entry.id));
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      checked: 5,
      firstBrokenSeq: 6,
      reason: 'prev_hash_mismatch',
    });
  });

  it('a deleted entry leaves a gap', async () => {
    await freshChain(6);
    await db().delete(auditLog).where(eq(auditLog.chainSeq, 3));
    expect(await verifyAuditChain(db())).toEqual({
      ok: false,
      checked: 2,
      firstBrokenSeq: 3,
      reason: 'gap',
      unsealed: 0,
    });
  });

  it('deleting the newest entries is found, also once sealing has gone on', async () => {
    await freshChain(6);
    await db()
      .delete(auditLog)
      .where(sql`${auditLog.chainSeq} >= 5`);
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      checked: 4,
      firstBrokenSeq: 5,
      reason: 'gap',
    });
    await write(2, 'after');
    expect(await sealAuditChain(db())).toBe(2);
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      firstBrokenSeq: 5,
      reason: 'gap',
    });
  });

  it('an entry whose seal was cleared leaves a gap, and counts as unsealed', async () => {
    await freshChain(4);
    await db().update(auditLog).set({ chainSeq: null }).where(eq(auditLog.chainSeq, 2));
    expect(await verifyAuditChain(db())).toEqual({
      ok: false,
      checked: 1,
      firstBrokenSeq: 2,
      reason: 'gap',
      unsealed: 1,
    });
  });

  it('runners at the same time seal each entry once, in one chain', async () => {
    await freshChain(0);
    await write(30, 'race');
    const second = await openSecondHandle(database);
    try {
      const other = second?.db ?? db();
      const sealed = await Promise.all([
        sealAuditChain(db(), { batch: 4 }),
        sealAuditChain(other, { batch: 4 }),
        sealAuditChain(db(), { batch: 4 }),
      ]);
      // A runner that finds the lock taken stops; whatever is left goes to the next run.
      const total = sealed.reduce((a, b) => a + b, 0) + (await sealAuditChain(db()));
      expect(total).toBe(30);
    } finally {
      await second?.close();
    }
    const unsealed = await db().select().from(auditLog).where(isNull(auditLog.chainSeq));
    expect(unsealed).toHaveLength(0);
    expect(await verifyAuditChain(db())).toEqual({ ok: true, checked: 30, unsealed: 0 });
  });
});
