/**
 * The e-mail domains of an account's single sign-on (docs/sso.md): added with a code e-mailed
 * to an administrative mailbox there, proven with it, removed. A proven domain belongs to one
 * account only. Every query names the account.
 */
import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  SSO_DOMAIN_CODE,
  SSO_DOMAINS_MAX,
  SSO_ERROR_CODES,
  type SsoDomain,
  type SsoDomainInputSchema,
} from '@tenantry/shared';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { accounts, ssoDomains } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertFeature } from '../billing/entitlements.ts';
import { domainCodeEmail } from './sso.emails.ts';
import {
  domainNotFound,
  domainTaken,
  syncProviderDomains,
  toDomain,
  type SsoDeps,
} from './sso.service.ts';

/** At most this many codes per domain and account an hour (each is an e-mail to the domain). */
export const DOMAIN_CODE_SENDS = { max: 5, windowSeconds: 60 * 60 } as const;

/** The HMAC of a domain's code (bound to the row), with a key derived from AUTH_SECRET. */
function codeHash(authSecret: string, domainId: string, code: string): string {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'tenantry', 'sso-domain-code:v1', 32));
  return createHmac('sha256', key).update(`${domainId}:${code}`).digest('base64url');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < SSO_DOMAIN_CODE.length; i += 1) code += String(randomInt(0, 10));
  return code;
}

type DomainInput = z.output<typeof SsoDomainInputSchema>;

/**
 * Adds a domain and e-mails its code to `{mailbox}@{domain}`, or sends a new code for a domain
 * waiting on one (`created` false). A domain proven already answers as it is, without e-mail.
 * 409 when another account proved it, or at SSO_DOMAINS_MAX domains; 429 past
 * DOMAIN_CODE_SENDS codes an hour for the domain.
 */
export async function addSsoDomain(
  deps: SsoDeps,
  actor: AccountContext,
  input: DomainInput,
): Promise<{ domain: SsoDomain; created: boolean }> {
  const { db } = deps;
  const { accountId } = actor;
  await assertFeature(db, accountId, 'sso');
  const proofEmail = `${input.mailbox}@${input.domain}`;
  const [taken] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.domain, input.domain),
        isNotNull(ssoDomains.verifiedAt),
        ne(ssoDomains.accountId, accountId),
      ),
    );
  if (taken) throw domainTaken(input.domain);
  const [own] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, input.domain)));
  if (own?.verifiedAt) return { domain: toDomain(own), created: false };
  const wait = await deps.rateLimiter.hit(
    `sso-domain-code:${accountId}:${input.domain}`,
    DOMAIN_CODE_SENDS,
  );
  if (wait > 0) {
    throw new AppError(
      'common.rate_limited',
      429,
      `Several codes went to ${input.domain} in the last hour. Wait ${Math.ceil(wait / 60)} minutes and try again.`,
      undefined,
      { retryAfterSeconds: wait },
    );
  }
  const code = newCode();
  const now = new Date();
  const expires = new Date(now.getTime() + SSO_DOMAIN_CODE.hours * 3_600_000);
  const id = own?.id ?? randomUUID();
  const row = await db.transaction(async (tx) => {
    if (!own) {
      // Counted under a lock of the account's row, so two additions cannot both pass.
      await tx.execute(sql`select 1 from ${accounts} where id = ${accountId} for update`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ssoDomains)
        .where(eq(ssoDomains.accountId, accountId));
      if (n >= SSO_DOMAINS_MAX) {
        throw new AppError(
          SSO_ERROR_CODES.tooManyDomains,
          409,
          `An account holds at most ${SSO_DOMAINS_MAX} domains. Remove one first.`,
        );
      }
    }
    const values = {
      proofEmail,
      codeHash: codeHash(deps.authSecret, id, code),
      codeSentAt: now,
      codeExpiresAt: expires,
      attempts: 0,
    };
    const [saved] = await tx
      .insert(ssoDomains)
      .values({ id, accountId, domain: input.domain, ...values })
      .onConflictDoUpdate({
        target: [ssoDomains.accountId, ssoDomains.domain],
        set: values,
        where: sql`${ssoDomains.verifiedAt} is null`,
      })
      .returning();
    if (!saved) throw new AppError('common.conflict', 409, 'The domain was just proven.');
    await recordAudit(tx, actor, {
      action: 'sso.domain_added',
      targetType: 'sso_domain',
      targetId: saved.id,
      data: { domain: input.domain, proofEmail, resent: own !== undefined },
    });
    return saved;
  });
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  await deps.mail.mailer.send(
    domainCodeEmail({
      to: proofEmail,
      code,
      domain: input.domain,
      accountName: account?.name ?? 'a Tenantry account',
      requestedBy: actor.email,
      hours: SSO_DOMAIN_CODE.hours,
      publicUrl: deps.publicUrl,
    }),
  );
  return { domain: toDomain(row), created: !own };
}

/**
 * Proves a domain with the e-mailed code: 400 `sso.invalid_code` (a try is counted) or
 * `sso.code_expired` (expired, or SSO_DOMAIN_CODE.attempts tries used); 409 when another
 * account proved it first. A proven domain answers as it is.
 */
export async function verifySsoDomain(
  deps: SsoDeps,
  actor: AccountContext,
  id: string,
  code: string,
): Promise<SsoDomain> {
  const { db } = deps;
  const { accountId } = actor;
  await assertFeature(db, accountId, 'sso');
  // The try is counted first, in its own statement: a wrong code cannot be retried for free.
  const [row] = await db
    .update(ssoDomains)
    .set({ attempts: sql`${ssoDomains.attempts} + 1` })
    .where(
      and(
        eq(ssoDomains.id, id),
        eq(ssoDomains.accountId, accountId),
        sql`${ssoDomains.verifiedAt} is null`,
      ),
    )
    .returning();
  if (!row) {
    const [proven] = await db
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.id, id), eq(ssoDomains.accountId, accountId)));
    if (!proven) throw domainNotFound();
    return toDomain(proven);
  }
  const expired =
    !row.codeHash ||
    !row.codeExpiresAt ||
    row.codeExpiresAt.getTime() <= Date.now() ||
    row.attempts > SSO_DOMAIN_CODE.attempts;
  if (expired) {
    throw new AppError(
      SSO_ERROR_CODES.codeExpired,
      400,
      'This code has expired or was tried too often. Send a new code.',
    );
  }
  const expected = Buffer.from(row.codeHash!);
  const given = Buffer.from(codeHash(deps.authSecret, row.id, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = SSO_DOMAIN_CODE.attempts - row.attempts;
    throw new AppError(
      SSO_ERROR_CODES.invalidCode,
      400,
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'That code is not right, and it was the last try. Send a new code.',
      { code: 'That code is not right.' },
      { attemptsLeft: left },
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: ssoDomains.id })
        .from(ssoDomains)
        .where(
          and(
            eq(ssoDomains.domain, row.domain),
            isNotNull(ssoDomains.verifiedAt),
            ne(ssoDomains.accountId, accountId),
          ),
        );
      if (taken) throw domainTaken(row.domain);
      const [saved] = await tx
        .update(ssoDomains)
        .set({
          verifiedAt: new Date(),
          verifiedBy: actor.userId,
          codeHash: null,
          codeExpiresAt: null,
        })
        .where(and(eq(ssoDomains.id, id), eq(ssoDomains.accountId, accountId)))
        .returning();
      await syncProviderDomains(tx, accountId);
      await recordAudit(tx, actor, {
        action: 'sso.domain_verified',
        targetType: 'sso_domain',
        targetId: id,
        data: { domain: row.domain, proofEmail: row.proofEmail },
      });
      return toDomain(saved!);
    });
  } catch (err) {
    // Two accounts proving the same domain at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw domainTaken(row.domain);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Removes a domain (proven or not); sign-in and "require SSO" stop there at once. Audited. */
export async function deleteSsoDomain(
  db: Database,
  actor: AccountContext,
  id: string,
): Promise<void> {
  const { accountId } = actor;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(ssoDomains)
      .where(and(eq(ssoDomains.id, id), eq(ssoDomains.accountId, accountId)))
      .returning({ domain: ssoDomains.domain, verifiedAt: ssoDomains.verifiedAt });
    if (!removed) throw domainNotFound();
    await syncProviderDomains(tx, accountId);
    await recordAudit(tx, actor, {
      action: 'sso.domain_removed',
      targetType: 'sso_domain',
      targetId: id,
      data: { domain: removed.domain, wasVerified: removed.verifiedAt !== null },
    });
  });
}
