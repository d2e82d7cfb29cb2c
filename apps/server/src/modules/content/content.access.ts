/**
 * Who may see and author which content (docs/content.md). Global content (`account_id` null)
 * is authored by system admins and read by every account once published; private content by
 * the account's owners and admins (`content.manage`) and read by its members. Every query
 * puts one of these conditions in its where, so another account's content is not found.
 */
import { can, CONTENT_ERROR_CODES, type ContentScope } from '@tenantry/shared';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { assertFeature } from '../billing/entitlements.ts';

/** The caller of a content route: an account member, and whether they are a system admin. */
export interface ContentActor extends AccountContext {
  systemAdmin: boolean;
}

export type ContentKind = 'framework' | 'playbook' | 'article' | 'image';

export const contentNotFound = (kind: ContentKind) =>
  new AppError(CONTENT_ERROR_CODES.notFound, 404, `There is no such ${kind}.`);

export const scopeOf = (accountId: string | null): ContentScope =>
  accountId === null ? 'global' : 'private';

/** The account_id a new item of `scope` gets. */
export const ownerOf = (actor: ContentActor, scope: ContentScope): string | null =>
  scope === 'global' ? null : actor.accountId;

export function mayAuthor(actor: ContentActor, scope: ContentScope): boolean {
  return scope === 'global' ? actor.systemAdmin : can(actor.role, 'content.manage');
}

/** The scopes the actor may author, for the authoring lists. */
export function authorScopes(actor: ContentActor): ContentScope[] {
  return (['global', 'private'] as const).filter((s) => mayAuthor(actor, s));
}

/** 403 unless the actor may author `scope` (and, for private content, the plan allows it). */
export async function assertMayAuthor(
  db: Pick<Database, 'select'>,
  actor: ContentActor,
  scope: ContentScope,
): Promise<void> {
  if (!mayAuthor(actor, scope)) {
    throw forbidden(
      scope === 'global'
        ? 'Only system admins edit global content.'
        : 'Only owners and admins edit the account’s content.',
    );
  }
  if (scope === 'private') await assertFeature(db, actor.accountId, 'privateContent');
}

/** Rows the actor may read: global ones and their own account's. */
export function readable(accountId: PgColumn, actor: Pick<ContentActor, 'accountId'>): SQL {
  return or(isNull(accountId), eq(accountId, actor.accountId))!;
}

/** Rows of the scopes the actor may author (nothing when none). */
export function authorable(accountId: PgColumn, actor: ContentActor): SQL | undefined {
  const parts: SQL[] = [];
  if (actor.systemAdmin) parts.push(isNull(accountId));
  if (can(actor.role, 'content.manage')) parts.push(eq(accountId, actor.accountId));
  return parts.length ? or(...parts) : undefined;
}

/** A where for a requested scope filter on top of `base`. */
export function withScope(
  base: SQL | undefined,
  accountId: PgColumn,
  actor: Pick<ContentActor, 'accountId'>,
  scope: ContentScope | undefined,
): SQL | undefined {
  if (!scope) return base;
  return and(base, scope === 'global' ? isNull(accountId) : eq(accountId, actor.accountId));
}
