import type { EvidenceFile } from '@tenantry/shared';

/** A file of the library: a PDF, current, uploaded by Robin. */
export function evidenceFile(over: Partial<EvidenceFile> = {}): EvidenceFile {
  return {
    id: 'ev1',
    tenantId: 't1',
    name: 'mfa-policy.pdf',
    contentType: 'application/pdf',
    bytes: 48_213,
    sha256: 'a'.repeat(64),
    effectiveOn: '2026-03-01',
    expiresOn: null,
    state: 'current',
    revision: 1,
    version: 1,
    uploadedBy: { userId: 'u1', respondentId: null, name: 'Robin Park' },
    uploadedAt: '2026-03-01T10:00:00.000Z',
    useCount: 1,
    previewUrl: null,
    ...over,
  };
}
