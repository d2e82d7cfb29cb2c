/**
 * What the server tests stand on besides people (people.ts): client tenants written directly
 * (where a tenant is the setting, not the subject), assessments made through the API, and the
 * audit log read back. One place, so the module tests set up alike.
 */
import { randomUUID } from 'node:crypto';
import { AssessmentDetailSchema, type AssessmentDetail } from '@tenantry/shared';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, tenants } from '../db/schema/index.ts';
import type { TestApp, TestClient } from './app.ts';
import { publishPrivateFramework } from './frameworks.ts';
import { ok } from './http.ts';
import { signUpPerson, type Person } from './people.ts';

/** A client tenant of `accountId`, written directly: its id. */
export async function addTenant(
  t: TestApp,
  accountId: string,
  name: string,
  tags?: string[],
): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(tenants).values({ id, accountId, name, ...(tags ? { tags } : {}) });
  return id;
}

/**
 * Where most assessment tests start: an owner (Olivia Owner) with a client tenant and a
 * published private framework (SCORING.md's worked example unless `document`).
 */
export async function ownerWithFramework(
  t: TestApp,
  opts: { tenant?: string; document?: unknown } = {},
): Promise<{ owner: Person; tenantId: string; frameworkId: string }> {
  const owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  const tenantId = await addTenant(t, owner.tid, opts.tenant ?? 'Acme');
  const frameworkId = await publishPrivateFramework(owner.client, opts.document);
  return { owner, tenantId, frameworkId };
}

/** Answers by question key, as the answer route takes them. */
export type AnswerBodies = Record<string, { value?: unknown; na?: boolean; note?: string }>;

export interface AssessedOptions {
  client: TestClient;
  tenantId: string;
  frameworkId: string;
  /** The framework version (1 unless told). */
  version?: number;
  name?: string;
  /** Completes it after answering (unless false). */
  complete?: boolean;
}

/**
 * Starts an assessment through the API, gives it `answers` and, unless told otherwise,
 * completes it: the assessment as its page reads it then.
 */
export async function assessed(
  answers: AnswerBodies,
  opts: AssessedOptions,
): Promise<AssessmentDetail> {
  const { client } = opts;
  const base = `/api/v1/tenants/${opts.tenantId}/assessments`;
  const a = await ok<{ id: string }>(
    client.post(base, {
      frameworkId: opts.frameworkId,
      version: opts.version ?? 1,
      name: opts.name ?? 'Review',
    }),
    201,
  );
  for (const [key, body] of Object.entries(answers)) {
    await ok(client.request(`${base}/${a.id}/answers/${key}`, { method: 'PUT', json: body }));
  }
  if (opts.complete !== false) await ok(client.post(`${base}/${a.id}/complete`, {}));
  return AssessmentDetailSchema.parse(await ok(client.get(`${base}/${a.id}`)));
}

/**
 * The actions of `accountId`'s audit log as the table reads (oldest first: nothing is ever
 * deleted from it): of one target (`targetId`) and starting with `prefix` (e.g. `billing.`)
 * when told.
 */
export async function auditActions(
  t: TestApp,
  accountId: string,
  filter: { targetId?: string; prefix?: string } = {},
): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, accountId),
        filter.targetId === undefined ? undefined : eq(auditLog.targetId, filter.targetId),
        filter.prefix === undefined ? undefined : like(auditLog.action, `${filter.prefix}%`),
      ),
    );
  return rows.map((r) => r.action);
}
