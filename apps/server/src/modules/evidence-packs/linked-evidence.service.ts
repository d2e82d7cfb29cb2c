/**
 * The evidence behind an assessment's answers, as auditors see it (docs/evidence.md): each file
 * linked to an answer, described by its current revision (name, size, SHA-256 as stored, dates,
 * who uploaded it when), with the question keys it backs and where its bytes are. Read by the
 * evidence pack and the PDF report. Every query carries the account and the tenant (ADR 0005).
 */
import { evidenceState, type EvidenceContentType, type EvidenceState } from '@tenantry/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import {
  answerEvidence,
  evidenceFiles,
  evidenceRevisions,
  storedFiles,
} from '../../db/schema/index.ts';

export interface LinkedEvidence {
  evidenceId: string;
  /** The questions of this assessment the file backs (in link order). */
  questionKeys: string[];
  revision: number;
  name: string;
  contentType: EvidenceContentType;
  bytes: number;
  /** SHA-256 of the bytes as uploaded (the stored hash), lower-case hex. */
  sha256: string;
  effectiveOn: string;
  expiresOn: string | null;
  state: EvidenceState;
  uploadedBy: string;
  uploadedAt: Date;
  /** The file store's key of the current revision's bytes. */
  blobKey: string;
}

/** `YYYY-MM-DD` of `now` in UTC. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Every file linked to an answer of `assessmentId` (which the caller has found in the tenant),
 * once each, by name; `today` decides each file's state (expired, expiring, current).
 */
export async function linkedEvidence(
  db: Database,
  scope: Pick<TenantContext, 'accountId' | 'tenantId'>,
  assessmentId: string,
  today: string,
): Promise<LinkedEvidence[]> {
  const rows = await db
    .select({
      evidenceId: evidenceFiles.id,
      questionKeys: sql<
        string[]
      >`array_agg(${answerEvidence.questionKey} order by ${answerEvidence.linkedAt}, ${answerEvidence.questionKey})`,
      revision: evidenceFiles.revision,
      name: evidenceFiles.name,
      contentType: evidenceFiles.contentType,
      bytes: evidenceFiles.bytes,
      sha256: evidenceRevisions.sha256,
      effectiveOn: evidenceFiles.effectiveOn,
      expiresOn: evidenceFiles.expiresOn,
      uploadedBy: evidenceRevisions.uploadedByName,
      uploadedAt: evidenceRevisions.uploadedAt,
      blobKey: storedFiles.blobKey,
    })
    .from(answerEvidence)
    .innerJoin(
      evidenceFiles,
      and(
        eq(evidenceFiles.id, answerEvidence.evidenceId),
        eq(evidenceFiles.accountId, answerEvidence.accountId),
      ),
    )
    .innerJoin(
      evidenceRevisions,
      and(
        eq(evidenceRevisions.evidenceId, evidenceFiles.id),
        eq(evidenceRevisions.revision, evidenceFiles.revision),
        eq(evidenceRevisions.accountId, evidenceFiles.accountId),
      ),
    )
    .innerJoin(
      storedFiles,
      and(
        eq(storedFiles.id, evidenceRevisions.storedFileId),
        eq(storedFiles.accountId, evidenceRevisions.accountId),
      ),
    )
    .where(
      and(
        eq(answerEvidence.accountId, scope.accountId),
        eq(answerEvidence.assessmentId, assessmentId),
        eq(evidenceFiles.tenantId, scope.tenantId),
      ),
    )
    .groupBy(evidenceFiles.id, evidenceRevisions.id, storedFiles.id)
    .orderBy(asc(evidenceFiles.name), asc(evidenceFiles.id));
  return rows.map((r) => ({
    ...r,
    bytes: Number(r.bytes),
    uploadedAt: r.uploadedAt instanceof Date ? r.uploadedAt : new Date(String(r.uploadedAt)),
    state: evidenceState(r.expiresOn, today),
  }));
}

/** The files of `linkedEvidence` by the question they back (a file under each of its questions). */
export function byQuestion(files: LinkedEvidence[]): Map<string, LinkedEvidence[]> {
  const out = new Map<string, LinkedEvidence[]>();
  for (const f of files) {
    for (const key of f.questionKeys) out.set(key, [...(out.get(key) ?? []), f]);
  }
  return out;
}
