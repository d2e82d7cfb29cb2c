import {
  EVIDENCE_IMAGE_TYPES,
  type EvidenceContentType,
  type EvidenceFile,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/** What a file is, for its icon and its label. */
export type EvidenceKind =
  'pdf' | 'image' | 'document' | 'spreadsheet' | 'presentation' | 'csv' | 'text';

const KINDS: Record<EvidenceContentType, EvidenceKind> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentation',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'text/csv': 'csv',
  'text/plain': 'text',
};

/** A kind of file as people read it: "PDF", "Image". */
export const kindLabel = (kind: EvidenceKind): string =>
  ({
    pdf: 'PDF',
    image: t('kind.image'),
    document: t('kind.document'),
    spreadsheet: t('kind.spreadsheet'),
    presentation: t('kind.presentation'),
    csv: 'CSV',
    text: t('kind.text'),
  })[kind];

export const evidenceKind = (type: EvidenceContentType): EvidenceKind => KINDS[type];

export const isImage = (type: EvidenceContentType) =>
  (EVIDENCE_IMAGE_TYPES as readonly string[]).includes(type);

/** How many of the files are expired and expiring soon. */
export function expiryCounts(files: Iterable<EvidenceFile>): { expired: number; expiring: number } {
  let expired = 0;
  let expiring = 0;
  for (const f of files) {
    if (f.state === 'expired') expired++;
    else if (f.state === 'expiring') expiring++;
  }
  return { expired, expiring };
}

/** "2 files expired · 1 file expiring soon"; null when none is either. */
export function expiryText(c: { expired: number; expiring: number }): string | null {
  const parts: string[] = [];
  if (c.expired) parts.push(t('expiry.expired', { count: c.expired }));
  if (c.expiring) parts.push(t('expiry.expiring', { count: c.expiring }));
  return parts.length ? parts.join(' · ') : null;
}

/**
 * An assessment's files, each counted once however many answers link it (the header's
 * "2 files expired").
 */
export function distinctFiles(answers: Record<string, EvidenceFile[]>): EvidenceFile[] {
  const seen = new Map<string, EvidenceFile>();
  for (const list of Object.values(answers)) for (const f of list) seen.set(f.id, f);
  return [...seen.values()];
}
