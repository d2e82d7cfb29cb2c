/**
 * Evidence files for tests that read evidence (packs, the PDF report, expiry): stored through
 * the storage layer (`storeAccountFile`, so the bytes, size and hash are real and count against
 * the quota) with the evidence rows written in its transaction, and linked to answers.
 */
import { randomUUID } from 'node:crypto';
import type { EvidenceContentType } from '@tenantry/shared';
import { answerEvidence, evidenceFiles, evidenceRevisions } from '../db/schema/index.ts';
import { storeAccountFile } from '../modules/storage/stored-files.service.ts';
import type { TestApp } from './app.ts';

export interface TestEvidence {
  accountId: string;
  tenantId: string;
  userId: string | null;
  name: string;
  bytes: Uint8Array;
  contentType?: EvidenceContentType;
  effectiveOn?: string;
  expiresOn?: string | null;
  /** Links to answers: the assessment and its question keys. */
  links?: { assessmentId: string; questionKeys: string[] };
  uploadedByName?: string;
}

async function* pieces(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  // In pieces, as an upload arrives.
  for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096);
}

/** Stores a file as evidence of the tenant (and links it); answers its id and stored hash. */
export async function addEvidence(
  t: TestApp,
  e: TestEvidence,
): Promise<{ evidenceId: string; sha256: string; storedFileId: string }> {
  const evidenceId = randomUUID();
  const effectiveOn = e.effectiveOn ?? new Date().toISOString().slice(0, 10);
  const { file } = await storeAccountFile(t.database.db, t.deps.blobs, {
    accountId: e.accountId,
    purpose: 'evidence',
    createdBy: e.userId,
    source: pieces(e.bytes),
    maxBytes: 25 * 1024 * 1024,
    onStored: async (tx, stored) => {
      const common = {
        accountId: e.accountId,
        name: e.name,
        contentType: e.contentType ?? 'text/plain',
        bytes: stored.bytes,
        sha256: stored.sha256,
        effectiveOn,
        expiresOn: e.expiresOn ?? null,
      };
      await tx.insert(evidenceFiles).values({
        id: evidenceId,
        tenantId: e.tenantId,
        createdBy: e.userId,
        ...common,
      });
      await tx.insert(evidenceRevisions).values({
        id: randomUUID(),
        evidenceId,
        revision: 1,
        storedFileId: stored.id,
        uploadedByUserId: e.userId,
        uploadedByName: e.uploadedByName ?? 'Olivia Owner',
        ...common,
      });
      for (const questionKey of e.links?.questionKeys ?? []) {
        await tx.insert(answerEvidence).values({
          accountId: e.accountId,
          assessmentId: e.links!.assessmentId,
          questionKey,
          evidenceId,
          linkedByUserId: e.userId,
          linkedByName: e.uploadedByName ?? 'Olivia Owner',
        });
      }
    },
  });
  return { evidenceId, sha256: file.sha256, storedFileId: file.id };
}
