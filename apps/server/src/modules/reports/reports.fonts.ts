/**
 * The report's font (ADR 0013): DejaVu Sans from the npm package `@fontsource/dejavu-sans`,
 * embedded in every PDF (only the glyphs used). It covers Latin, Greek, Cyrillic, Armenian,
 * Georgian, Hebrew, Arabic and many symbols; what it has no glyph for (emoji, CJK) is dropped
 * or shown as `□` by `printable()`, so no text a user can type breaks the rendering.
 *
 * The package ships WOFF files. fontkit (PDFKit's font engine) inflates a WOFF table again on
 * every access, which made a long report ten times slower, so each WOFF is turned into the
 * plain TrueType file it wraps once per process (`woffToSfnt`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontStyle = 'regular' | 'bold' | 'italic';

const FILES: Record<FontStyle, string> = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
  italic: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-italic.woff',
};

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * The TrueType/OpenType file a WOFF 1.0 file wraps (W3C WOFF 1.0, section 4–5): the same
 * tables, each inflated when it was compressed, behind a plain sfnt header and directory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('not a WOFF file');
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table has the wrong length');
    tables.push({ tag, checksum, data });
  }
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = (t.data.length + 3) & ~3;
    parts.push(t.data, Buffer.alloc(padded - t.data.length));
    offset += padded;
  });
  return Buffer.concat(parts);
}

export interface ReportFonts {
  /** TrueType bytes per style, for PDFKit's registerFont. */
  files: Record<FontStyle, Buffer>;
  /** Whether both the regular and the bold face draw this code point. */
  has(codePoint: number): boolean;
}

let loaded: ReportFonts | undefined;

/** The report's fonts, read and converted once per process. */
export function reportFonts(): ReportFonts {
  if (!loaded) {
    const files = Object.fromEntries(
      Object.entries(FILES).map(([style, file]) => [
        style,
        woffToSfnt(readFileSync(require.resolve(file))),
      ]),
    ) as Record<FontStyle, Buffer>;
    // Text a user typed is drawn in the regular or the bold face (the italic one, which lacks
    // Arabic among others, only draws the report's own words).
    const faces = [files.regular, files.bold].map((f) => fontkit.create(f) as fontkit.Font);
    const known = new Map<number, boolean>();
    loaded = {
      files,
      has(cp) {
        let yes = known.get(cp);
        if (yes === undefined) {
          yes = faces.every((face) => face.hasGlyphForCodePoint(cp));
          known.set(cp, yes);
        }
        return yes;
      },
    };
  }
  return loaded;
}

/** Emoji and the characters that build them: dropped when the font cannot draw them. */
const EMOJI_PART =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\uFE00-\uFE0F\u20E3\u{E0020}-\u{E007F}])$/u;
/** Control and format characters (zero-width joiners, bidi controls, soft hyphens). */
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;
/** What stands for a character the font has no glyph for. */
export const MISSING_GLYPH = '□';
/** Letters in a row after which a break is allowed (a zero-width space). */
const WORD_RUN = 32;
const LONG_RUN = new RegExp(`\\S{${WORD_RUN}}(?=\\S)`, 'gu');

/**
 * `text` as the report's font can print it: normalised (NFC), line ends as `\n`, tabs as a
 * space, control and format characters removed, emoji the font cannot draw removed, any other
 * character it cannot draw shown as `□`, blank lines at the ends dropped and runs of them kept
 * as one, and a zero-width space (a place to break the line)
 * after every 32 letters without a space.
 */
export function printable(text: string, fonts: Pick<ReportFonts, 'has'> = reportFonts()): string {
  let out = '';
  let dropped = false;
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (ch === '\n') {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (INVISIBLE.test(ch)) {
      dropped = true;
    } else if (fonts.has(cp)) {
      out += ch;
    } else if (EMOJI_PART.test(ch)) {
      dropped = true;
    } else {
      out += MISSING_GLYPH;
    }
  }
  if (dropped) out = out.replace(/ {2,}/g, ' ').replace(/^ | $/gm, '');
  // Blank lines make at most a paragraph break (hundreds would make empty pages).
  out = out.replace(/\n{3,}/g, '\n\n').replace(/^\s+|\s+$/g, '');
  // PDFKit splits a word wider than its line letter by letter, in time that grows with the
  // square of its length (12,000 letters: seconds): a zero-width space every WORD_RUN letters
  // gives it places to break instead.
  return out.replace(LONG_RUN, '$&\u200b');
}
