import { EvidenceFileSchema, type EvidenceFile } from '@tenantry/shared';
import { uploadFile, type UploadProgress } from '#web/lib/upload-file.ts';
import { evidenceFallbackError } from '../lib/evidence-errors.ts';
import { evidenceFilePath, evidencePath } from './evidence-keys.ts';

/** Where an upload goes: the library (optionally linked to an answer), or a file's new revision. */
export type UploadTarget =
  | { kind: 'new'; tenantId: string; link?: { assessmentId: string; questionKey: string } }
  | { kind: 'revision'; tenantId: string; evidenceId: string; version: number };

export interface UploadMeta {
  /** The file's name as kept (a pasted screenshot gets one of its own). */
  name: string;
  effectiveOn?: string;
  expiresOn?: string | null;
}

export function uploadUrl(target: UploadTarget, meta: UploadMeta): string {
  const params = new URLSearchParams({ name: meta.name });
  if (meta.effectiveOn) params.set('effectiveOn', meta.effectiveOn);
  if (meta.expiresOn) params.set('expiresOn', meta.expiresOn);
  if (target.kind === 'revision') {
    params.set('version', String(target.version));
    return evidenceFilePath(target.tenantId, target.evidenceId, `/revisions?${params}`);
  }
  if (target.link) {
    params.set('assessmentId', target.link.assessmentId);
    params.set('questionKey', target.link.questionKey);
  }
  return evidencePath(target.tenantId, `?${params}`);
}

/**
 * POST …/evidence (a new file, linked to the answer when named) or …/evidence/{id}/revisions
 * (a replacement; the old revision is kept): the raw file as the body, with its progress.
 */
export function uploadEvidence(
  target: UploadTarget,
  file: Blob,
  meta: UploadMeta,
  onProgress?: (p: UploadProgress) => void,
): Promise<EvidenceFile> {
  return uploadFile(uploadUrl(target, meta), file, {
    schema: EvidenceFileSchema,
    onProgress,
    fallback: evidenceFallbackError,
  });
}
