/**
 * What an evidence upload is, decided from its bytes as they stream (docs/evidence.md,
 * "Validation"). `inspectUpload` wraps the request body: it holds back the first
 * SNIFF_BYTES, decides the type from them (the `file-type` package: PDF, PNG, JPEG, WebP, GIF,
 * a ZIP container), then passes every piece on while it checks what the rest must be — UTF-8
 * text without NUL for CSV and text, the central directory at the end for office documents (a
 * ZIP) — and throws (415) at the first piece that says no. The file store's writer is then
 * aborted: a refused upload leaves nothing. Memory: the first 64 KiB and the last 1 MiB.
 */
import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_LIMITS,
  EVIDENCE_TYPES_LABEL,
  type EvidenceContentType,
} from '@tenantry/shared';
import { AppError } from '../../lib/errors.ts';

/** How much of the start decides the type. */
export const SNIFF_BYTES = 64 * 1024;
/** How much of the end is kept to read a ZIP's central directory (and look for markup). */
const TAIL_BYTES = 1024 * 1024;

export const typeNotAllowed = (what: string) =>
  new AppError(
    EVIDENCE_ERROR_CODES.typeNotAllowed,
    415,
    `${what} Evidence may be ${EVIDENCE_TYPES_LABEL}.`,
    { file: `Choose a file of these types: ${EVIDENCE_TYPES_LABEL}.` },
  );

export const unsafeFile = (why: string) =>
  new AppError(EVIDENCE_ERROR_CODES.unsafeFile, 415, `The file is refused: ${why}`, {
    file: why,
  });

export const emptyFile = () =>
  new AppError(EVIDENCE_ERROR_CODES.empty, 400, 'The file is empty.', {
    file: 'Choose a file with something in it.',
  });

const SIMPLE: Record<string, EvidenceContentType> = {
  'application/pdf': 'application/pdf',
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
};

const ODF: Record<string, EvidenceContentType> = {
  'application/vnd.oasis.opendocument.text': 'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet':
    'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation':
    'application/vnd.oasis.opendocument.presentation',
};

/** The extension a file of each type is named with (the first) or may be (the others). */
export const EVIDENCE_EXTENSIONS: Record<EvidenceContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'text/csv': ['csv'],
  'text/plain': ['txt'],
};

/** Markup that makes a file something a browser would run, whatever else it also is. */
const ACTIVE_MARKUP =
  /<\s*(script|html|body|iframe|svg|object|embed|frameset|meta\s+http-equiv)\b|<!doctype\s+html|javascript:/i;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The name a file of `type` keeps: as given when its extension is one of the type's; otherwise
 * the extension is corrected to the bytes' type (a known extension of another type is replaced:
 * `scan.pdf` holding a PNG becomes `scan.png`; anything else is kept and the type's added).
 */
export function nameForType(name: string, type: EvidenceContentType): string {
  const ext = extensionOf(name);
  const own = EVIDENCE_EXTENSIONS[type];
  if (own.includes(ext)) return name;
  const known =
    ext &&
    (supportedExtensions.has(ext as never) ||
      Object.values(EVIDENCE_EXTENSIONS).some((e) => e.includes(ext)) ||
      ['htm', 'html', 'js', 'mjs', 'svg', 'doc', 'xls', 'ppt', 'bat', 'cmd', 'sh'].includes(ext));
  const base = known ? name.slice(0, name.length - ext.length - 1) : name;
  return `${base}.${own[0]}`;
}

const concat = (pieces: Uint8Array[], length: number) => {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const latin1 = (b: Uint8Array) =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/** What the start of the file says it is; `zip` until its central directory is read. */
type Sniffed =
  | { kind: 'simple'; type: EvidenceContentType }
  | { kind: 'text'; type: EvidenceContentType }
  | { kind: 'zip' };

async function sniff(head: Uint8Array, name: string): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(head);
  if (found && SIMPLE[found.mime]) {
    if (ACTIVE_MARKUP.test(latin1(head))) throw unsafeFile('it also holds web page markup.');
    // A GIF whose header opens a script comment (`GIF89a/*`) is also a script.
    if (found.mime === 'image/gif' && head[6] === 0x2f && head[7] === 0x2a) {
      throw unsafeFile('the image is also a script.');
    }
    return { kind: 'simple', type: SIMPLE[found.mime]! };
  }
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (isZip) return { kind: 'zip' };
  if (found) throw typeNotAllowed(`The file is ${found.ext.toUpperCase()} (by its content).`);
  const ext = extensionOf(name);
  const type = ext === 'csv' ? 'text/csv' : ext === 'txt' ? 'text/plain' : null;
  if (!type) throw typeNotAllowed('The file’s type could not be recognised from its content.');
  if (/^\s*(<\?xml|<!doctype|<html|<script|<svg)/i.test(latin1(head.subarray(0, 1024)))) {
    throw typeNotAllowed('The file is markup, not text.');
  }
  return { kind: 'text', type };
}

/**
 * Reads the ZIP's central directory from the end of the file (`tail`, the last bytes of a file
 * of `total` bytes): answers the office document type it is, or throws. Refused: no or several
 * archives, bytes before the archive (another file in front), ZIP64, entries that would unpack
 * past EVIDENCE_LIMITS (a zip bomb), entry names leaving the archive, and ZIPs that are no
 * office document.
 */
export function officeTypeOf(
  head: Uint8Array,
  tail: Uint8Array,
  total: number,
): EvidenceContentType {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unsafeFile('the document’s archive has no directory.');
  const entries = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  const tailStart = total - tail.length;
  if (cdOffset === 0xffffffff || entries === 0xffff)
    throw unsafeFile('ZIP64 archives are not accepted.');
  if (tailStart + eocd !== cdOffset + cdSize) {
    throw unsafeFile('the document’s archive does not add up (something is before or inside it).');
  }
  if (cdOffset < tailStart) throw unsafeFile('the document’s archive has too many entries.');
  let at = cdOffset - tailStart;
  let unpacked = 0;
  const names = new Set<string>();
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) {
      throw unsafeFile('the document’s archive directory is damaged.');
    }
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const entry = latin1(tail.subarray(at + 46, at + 46 + nameLength));
    if (size === 0xffffffff) throw unsafeFile('ZIP64 archives are not accepted.');
    if (entry.startsWith('/') || entry.includes('\\') || entry.split('/').includes('..')) {
      throw unsafeFile('an entry of the document points outside it.');
    }
    unpacked += size;
    names.add(entry);
    at += 46 + skip;
  }
  if (
    unpacked > EVIDENCE_LIMITS.maxUnpackedBytes ||
    unpacked > EVIDENCE_LIMITS.maxUnpackRatio * total
  ) {
    throw unsafeFile('the document would unpack to far more than its size (a zip bomb).');
  }
  if (names.has('mimetype')) {
    // ODF: `mimetype` is the first entry, stored uncompressed, so it is readable in the head.
    const nameLength = head.length >= 30 ? head[26]! | (head[27]! << 8) : 0;
    const extra = head.length >= 30 ? head[28]! | (head[29]! << 8) : 0;
    const compressed =
      head.length >= 30 ? new DataView(head.buffer, head.byteOffset).getUint32(18, true) : 0;
    if (latin1(head.subarray(30, 30 + nameLength)) === 'mimetype') {
      const from = 30 + nameLength + extra;
      const type = ODF[latin1(head.subarray(from, from + Math.min(compressed, 100))).trim()];
      if (type) return type;
    }
  }
  if (names.has('[Content_Types].xml')) {
    if (names.has('word/document.xml')) {
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    }
    if (names.has('xl/workbook.xml')) {
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    }
    if (names.has('ppt/presentation.xml')) {
      return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    }
  }
  throw typeNotAllowed('The file is a ZIP archive, not an office document.');
}

/** What the inspection found, once the source is read to its end. */
export interface Inspection {
  contentType: EvidenceContentType | null;
}

/**
 * Wraps an upload's pieces (see the file's comment): yields them on, in order; throws the
 * AppError that says why not as soon as the bytes read say so. `out.contentType` is set when
 * the last piece has passed.
 */
export async function* inspectUpload(
  source: AsyncIterable<Uint8Array>,
  name: string,
  out: Inspection,
): AsyncGenerator<Uint8Array> {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let sniffed: Sniffed | null = null;
  const tail: Uint8Array[] = [];
  let tailBytes = 0;
  let total = 0;
  let head = new Uint8Array(0);
  const decoder = new TextDecoder('utf-8', { fatal: true });

  const check = (piece: Uint8Array) => {
    if (sniffed?.kind === 'text') {
      if (piece.includes(0)) throw typeNotAllowed('The file holds binary data, not text.');
      try {
        decoder.decode(piece, { stream: true });
      } catch {
        throw typeNotAllowed('The file is not UTF-8 text.');
      }
    } else {
      tail.push(piece);
      tailBytes += piece.length;
      while (tail.length > 1 && tailBytes - tail[0]!.length >= TAIL_BYTES) {
        tailBytes -= tail.shift()!.length;
      }
    }
  };
  const decide = async () => {
    head = concat(held, heldBytes);
    sniffed = await sniff(head, name);
    check(head);
    held.length = 0;
  };

  for await (const piece of source) {
    if (piece.length === 0) continue;
    total += piece.length;
    if (!sniffed) {
      held.push(piece);
      heldBytes += piece.length;
      if (heldBytes < SNIFF_BYTES) continue;
      await decide();
      yield head;
      continue;
    }
    check(piece);
    yield piece;
  }
  if (total === 0) throw emptyFile();
  if (!sniffed) {
    await decide();
    yield head;
  }
  const found = sniffed as unknown as Sniffed;
  if (found.kind === 'text') {
    try {
      decoder.decode();
    } catch {
      throw typeNotAllowed('The file is not UTF-8 text.');
    }
    out.contentType = found.type;
    return;
  }
  const end = concat(tail, tailBytes);
  if (found.kind === 'simple') {
    if (ACTIVE_MARKUP.test(latin1(end.subarray(Math.max(0, end.length - SNIFF_BYTES))))) {
      throw unsafeFile('it also holds web page markup.');
    }
    out.contentType = found.type;
    return;
  }
  out.contentType = officeTypeOf(head, end, total);
}
