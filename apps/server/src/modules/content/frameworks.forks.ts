/**
 * Forks (docs/content.md, "Forks"): a global framework's latest version copied into the
 * account's private library with its stable keys, remembering the upstream and the version the
 * fork's draft is synced to. When the upstream publishes a newer version, the fork reads the
 * upstream's changes by stable key (framework-upstream.ts in shared) and takes the ones the
 * author chooses into its draft; publishing the draft is a new version of the fork, which
 * assessments follow with the carry-forward like any other.
 */
import {
  COMMON_ERROR_CODES,
  CONTENT_ERROR_CODES,
  takeUpstreamChanges,
  upstreamChanges,
  type ForkFramework,
  type FrameworkDetail,
  type FrameworkUpstream,
  type TakeUpstream,
} from '@tenantry/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { frameworks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertMayAuthor, contentNotFound, type ContentActor } from './content.access.ts';
import { assertNoReusedKeys, assertPlaybookLinks, validDocument } from './frameworks.checks.ts';
import {
  audit,
  authorRow,
  insertFramework,
  staleRevision,
  toDetail,
} from './frameworks.service.ts';
import { mirror, versionDocument } from './frameworks.versions.ts';

type Db = Database | Tx;
type FrameworkRow = typeof frameworks.$inferSelect;

/** A global framework with a published version, not archived: what may be forked. */
async function forkable(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(frameworks)
    .where(
      and(
        eq(frameworks.id, id),
        isNull(frameworks.accountId),
        isNotNull(frameworks.latestVersion),
        isNull(frameworks.archivedAt),
      ),
    )
    .limit(1);
  if (!row) throw contentNotFound('framework');
  return row as FrameworkRow & { latestVersion: number };
}

export async function forkFramework(
  db: Database,
  actor: ContentActor,
  upstreamId: string,
  input: ForkFramework,
): Promise<FrameworkDetail> {
  await assertMayAuthor(db, actor, 'private');
  const upstream = await forkable(db, upstreamId);
  const source = await versionDocument(db, upstream.id, upstream.latestVersion);
  const doc = validDocument({
    ...source,
    key: input.key ?? source.key,
    name: input.name ?? source.name,
  });
  return db.transaction(async (tx) => {
    const row = await insertFramework(tx, actor, 'private', doc, {
      id: upstream.id,
      version: upstream.latestVersion,
    });
    await recordAudit(tx, actor, {
      action: 'content.forked',
      ...audit(row, {
        upstreamId: upstream.id,
        upstream: upstream.name,
        upstreamVersion: upstream.latestVersion,
      }),
    });
    return toDetail(tx, row);
  });
}

/** The fork's upstream and the version its draft is synced to (409 when it is no fork). */
async function upstreamOf(db: Db, row: FrameworkRow) {
  const [up] =
    row.upstreamId && row.upstreamVersion !== null
      ? await db
          .select()
          .from(frameworks)
          .where(
            and(
              eq(frameworks.id, row.upstreamId),
              isNull(frameworks.accountId),
              isNotNull(frameworks.latestVersion),
            ),
          )
          .limit(1)
      : [];
  if (!up || row.upstreamVersion === null) {
    throw new AppError(
      CONTENT_ERROR_CODES.notAFork,
      409,
      'This framework is not a fork of a library framework: there is no upstream to compare with.',
    );
  }
  return { up, synced: row.upstreamVersion, latest: up.latestVersion ?? row.upstreamVersion };
}

export async function getUpstream(
  db: Database,
  actor: ContentActor,
  id: string,
): Promise<FrameworkUpstream> {
  const row = await authorRow(db, actor, id);
  const { up, synced, latest } = await upstreamOf(db, row);
  const changes =
    latest > synced
      ? upstreamChanges(
          await versionDocument(db, up.id, synced),
          await versionDocument(db, up.id, latest),
          row.draft,
        )
      : [];
  return {
    upstreamId: up.id,
    upstreamName: up.name,
    syncedVersion: synced,
    toVersion: latest,
    draftRevision: row.draftRevision,
    changes,
  };
}

/**
 * Takes the chosen upstream changes into the draft and records `toVersion` as the version the
 * draft is synced to; the changes not chosen are declined. One transaction, on the revision
 * and the upstream version the author reviewed.
 */
export async function takeUpstream(
  db: Database,
  actor: ContentActor,
  id: string,
  input: TakeUpstream,
): Promise<FrameworkDetail> {
  return db.transaction(async (tx) => {
    const row = await authorRow(tx, actor, id, true);
    if (row.draftRevision !== input.revision) throw await staleRevision(tx, row);
    const { up, synced, latest } = await upstreamOf(tx, row);
    if (input.toVersion !== latest || latest <= synced) {
      throw new AppError(
        CONTENT_ERROR_CODES.upstreamVersion,
        409,
        latest <= synced
          ? `The draft is already synced to version ${synced} of “${up.name}”.`
          : `“${up.name}” is at version ${latest} now; review its changes again.`,
        undefined,
        { latestVersion: latest, syncedVersion: synced },
      );
    }
    const base = await versionDocument(tx, up.id, synced);
    const theirs = await versionDocument(tx, up.id, latest);
    const known = new Set(upstreamChanges(base, theirs, row.draft).map((c) => c.id));
    const fields: Record<string, string> = {};
    input.take.forEach((t, i) => {
      if (!known.has(t.id)) fields[`take[${i}].id`] = 'is not one of the upstream’s changes';
    });
    if (Object.keys(fields).length) {
      throw new AppError(
        COMMON_ERROR_CODES.validation,
        400,
        'Some of the changes to take are not among the upstream’s changes. Nothing was saved.',
        fields,
      );
    }
    const result = takeUpstreamChanges(base, theirs, row.draft, input.take);
    const doc = validDocument(result.document);
    await assertPlaybookLinks(tx, row.accountId, doc);
    // A question taken from the upstream is the upstream's question under its own key.
    await assertNoReusedKeys(tx, row, doc, new Set(result.taken));
    const now = new Date();
    const [updated] = await tx
      .update(frameworks)
      .set({
        draft: doc,
        draftRevision: row.draftRevision + 1,
        draftUpdatedAt: now,
        draftUpdatedBy: actor.userId,
        upstreamVersion: latest,
        updatedAt: now,
        ...(row.latestVersion === null ? mirror(doc) : {}),
      })
      .where(and(eq(frameworks.id, row.id), eq(frameworks.draftRevision, input.revision)))
      .returning();
    if (!updated) throw await staleRevision(tx, row);
    await recordAudit(tx, actor, {
      action: 'content.upstream_taken',
      ...audit(updated, {
        upstream: up.name,
        fromVersion: synced,
        toVersion: latest,
        taken: result.taken.length,
        keptOwn: result.keptOwn.length,
        skipped: known.size - input.take.length,
      }),
    });
    return toDetail(tx, updated);
  });
}
