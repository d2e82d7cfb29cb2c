/**
 * Writes an assessment's evidence pack as a ZIP into the file store, streaming
 * (lib/storage/zip-writer.ts): each evidence file is read from the store a piece at a time and
 * handed on, so memory holds a piece and not a file. The archive (docs/evidence.md):
 *
 * - `answers.csv`: the assessment's answers, the same file as its CSV export;
 * - `evidence/<questionKey>/<name>`: every linked file's current revision, once, under the
 *   first question it backs in the framework's order; names are made safe and unique;
 * - `manifest.json` and `manifest.csv`: each file's path, name, size, SHA-256 (the hash stored
 *   at upload, checked against the bytes as they are packed), dates, state, who uploaded it
 *   when and the questions it backs; the assessment, tenant, framework version and time.
 *
 * A file whose bytes no longer match their stored SHA-256 fails the pack (EvidenceMismatch):
 * a manifest that would not verify is worse than none.
 */
import {
  ASSESSMENT_STATUS_LABELS,
  EVIDENCE_STATE_LABELS,
  type FrameworkDocument,
} from '@tenantry/shared';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import type { BlobStore, BlobWriter } from '../../lib/storage/blob-store.ts';
import { once, ZipWriter } from '../../lib/storage/zip-writer.ts';
import { answersCsv } from '../assessments/assessments.export.ts';
import type { LinkedEvidence } from './linked-evidence.service.ts';

/** The manifest's format version (bumped when a field changes meaning). */
export const MANIFEST_VERSION = 1;
/** Longest name of a file in the pack (characters, extension included). */
const NAME_MAX = 120;

/** A file's bytes differ from the SHA-256 recorded at upload; the message is for people. */
export class EvidenceMismatch extends Error {}

export interface PackedFile {
  path: string;
  evidenceId: string;
  revision: number;
  name: string;
  contentType: string;
  bytes: number;
  sha256: string;
  effectiveOn: string;
  expiresOn: string | null;
  state: string;
  uploadedBy: string;
  uploadedAt: string;
  questions: Array<{ key: string; title: string }>;
}

export interface PackManifest {
  manifestVersion: number;
  packId: string;
  generatedAt: string;
  account: { id: string; name: string };
  tenant: { id: string; name: string };
  assessment: { id: string; name: string; status: string };
  framework: { id: string; name: string; version: number };
  answers: { path: string; bytes: number; sha256: string };
  files: PackedFile[];
}

export interface PackSource {
  packId: string;
  generatedAt: Date;
  account: { id: string; name: string };
  tenant: { id: string; name: string };
  assessment: { id: string; name: string; status: keyof typeof ASSESSMENT_STATUS_LABELS };
  framework: { id: string; name: string; version: number };
  document: FrameworkDocument;
  files: LinkedEvidence[];
}

/**
 * A name safe in any unzip tool: no path separators, control or reserved characters, no
 * leading dots or spaces, at most NAME_MAX characters with the extension kept.
 */
export function safeName(name: string, fallback = 'file'): string {
  let s = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if ([...s].length > NAME_MAX) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s = [...s.slice(0, s.length - ext.length)].slice(0, NAME_MAX - ext.length).join('') + ext;
  }
  return s || fallback;
}

/** `name`, or `name (2).ext`, `name (3).ext`… whichever is not taken yet (case-insensitive). */
function unique(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Question keys and titles in the framework's order. */
function questionsOf(doc: FrameworkDocument): Array<{ key: string; title: string }> {
  const out: Array<{ key: string; title: string }> = [];
  const walk = (sections: FrameworkDocument['sections']) => {
    for (const s of sections) {
      for (const q of s.questions) out.push({ key: q.key, title: q.title });
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

/** The stored file's bytes, checked against the hash and size recorded at upload. */
async function* verified(blobs: BlobStore, f: LinkedEvidence): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const piece of blobs.read(f.blobKey)) {
    bytes += piece.length;
    yield piece;
  }
  if (bytes !== f.bytes) {
    throw new EvidenceMismatch(
      `The stored bytes of “${f.name}” are not the size recorded at upload; the pack was not made.`,
    );
  }
}

const MANIFEST_CSV_HEADER = [
  'Path',
  'Name',
  'Bytes',
  'SHA-256',
  'Effective',
  'Expires',
  'State',
  'Uploaded by',
  'Uploaded at',
  'Questions',
  'Revision',
  'Evidence id',
] as const;

/**
 * Writes the pack into `out` (not finished: the caller finishes or aborts it) and answers its
 * manifest. `onProgress` hears the share of the bytes packed so far, in [0, 1].
 */
export async function writeEvidencePack(
  db: Database,
  blobs: BlobStore,
  out: BlobWriter,
  scope: Pick<TenantContext, 'accountId' | 'tenantId'>,
  src: PackSource,
  onProgress: (share: number) => Promise<void>,
): Promise<PackManifest> {
  const zip = new ZipWriter(out, {
    tooLarge: 'The evidence of this assessment is too large for one ZIP file (over 4 GB).',
    tooMany: 'The assessment has too many evidence files for one ZIP file.',
  });
  const reader: TenantContext = {
    ...scope,
    userId: '',
    email: '',
    accountRole: null,
    shareRole: 'viewer',
  };
  const { csv } = await answersCsv(db, reader, src.assessment.id);
  const answers = await zip.file('answers.csv', once(csv));

  const questions = questionsOf(src.document);
  const order = new Map(questions.map((q, i) => [q.key, i]));
  const titles = new Map(questions.map((q) => [q.key, q.title]));
  const rank = (f: LinkedEvidence) =>
    Math.min(...f.questionKeys.map((k) => order.get(k) ?? Number.MAX_SAFE_INTEGER));
  const files = [...src.files].sort((a, b) => rank(a) - rank(b));
  const total = files.reduce((n, f) => n + f.bytes, 0) || 1;
  let done = 0;
  const taken = new Map<string, Set<string>>();
  const packed: PackedFile[] = [];
  for (const f of files) {
    const keys = [...f.questionKeys].sort(
      (a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity),
    );
    const folder = safeName(keys[0] ?? 'unlinked', 'question');
    const names = taken.get(folder) ?? new Set<string>();
    taken.set(folder, names);
    const path = `evidence/${folder}/${unique(safeName(f.name), names)}`;
    const entry = await zip.file(path, verified(blobs, f), true);
    if (entry.sha256 !== f.sha256) {
      throw new EvidenceMismatch(
        `The stored bytes of “${f.name}” do not match the SHA-256 recorded at upload; the pack was not made.`,
      );
    }
    packed.push({
      path,
      evidenceId: f.evidenceId,
      revision: f.revision,
      name: f.name,
      contentType: f.contentType,
      bytes: entry.bytes,
      sha256: f.sha256,
      effectiveOn: f.effectiveOn,
      expiresOn: f.expiresOn,
      state: f.state,
      uploadedBy: f.uploadedBy,
      uploadedAt: f.uploadedAt.toISOString(),
      questions: keys.map((key) => ({ key, title: titles.get(key) ?? key })),
    });
    done += f.bytes;
    await onProgress(done / total);
  }

  const manifest: PackManifest = {
    manifestVersion: MANIFEST_VERSION,
    packId: src.packId,
    generatedAt: src.generatedAt.toISOString(),
    account: src.account,
    tenant: src.tenant,
    assessment: {
      id: src.assessment.id,
      name: src.assessment.name,
      status: ASSESSMENT_STATUS_LABELS[src.assessment.status],
    },
    framework: src.framework,
    answers,
    files: packed,
  };
  await zip.file('manifest.json', once(`${JSON.stringify(manifest, null, 2)}\n`));
  await zip.file(
    'manifest.csv',
    once(
      toCsv(
        MANIFEST_CSV_HEADER,
        packed.map((p) => [
          p.path,
          p.name,
          p.bytes,
          p.sha256,
          p.effectiveOn,
          p.expiresOn ?? '',
          EVIDENCE_STATE_LABELS[p.state as keyof typeof EVIDENCE_STATE_LABELS],
          p.uploadedBy,
          p.uploadedAt,
          p.questions.map((q) => q.key).join(' '),
          p.revision,
          p.evidenceId,
        ]),
      ),
    ),
  );
  await zip.end();
  return manifest;
}
