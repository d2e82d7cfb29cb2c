/**
 * The page of a report's PDF (docs/reports.md; PDFKit, ADR 0013): A4 geometry, colours, the
 * three faces of the bundled font, the formats of scores and dates, and `Drawing` — the
 * document with the few moves every part uses (measure, keep a block whole, new page, heading).
 *
 * Blocks (a table row, a question with its answer and note) are measured first and moved whole
 * to the next page when they do not fit; only a block taller than a page flows across pages.
 * Every text a user typed goes through `printable()` (the font's coverage) and is drawn in the
 * regular or bold face; the italic face only draws the report's own words.
 */
import PDFDocument from 'pdfkit';
import { printable, reportFonts } from '../reports.fonts.ts';
import type { ReportData } from '../reports.data.ts';

type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 }; // A4
export const MARGIN = { top: 56, bottom: 70, left: 50, right: 50 };
export const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const LEFT = MARGIN.left;
export const RIGHT = PAGE.width - MARGIN.right;

export const COLOR = {
  text: '#212529',
  muted: '#6b7280',
  faint: '#9ca3af',
  rule: '#dee2e6',
  panel: '#f1f3f5',
  brand: '#1c7ed6',
  good: '#2f9e44',
  below: '#e8590c',
  neutral: '#74a9e0',
  target: '#111827',
};

const F = { regular: 'R', bold: 'B', italic: 'I' } as const;

export const text = (s: string) => printable(s);

export const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

/** A score change in percentage points: `+5 pts`, `−3 pts`, `±0 pts`. */
export function points(delta: number | null): string {
  if (delta === null) return '—';
  const n = Math.round(delta * 100);
  return n > 0 ? `+${n} pts` : n < 0 ? `−${-n} pts` : '±0 pts';
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** `25 Nov 2026` from an ISO time or a `YYYY-MM-DD` day (UTC). */
export function dayOf(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? iso : DAY.format(d);
}

export const dateTimeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${DAY.format(d)}, ${TIME.format(d)} UTC`;
};

export class Drawing {
  readonly doc: Doc;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;

  constructor(readonly data: ReportData) {
    const fonts = reportFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      autoFirstPage: true,
      displayTitle: true,
      lang: 'en',
      info: {
        Title: text(`${data.assessment.name} — ${data.tenant.name}`),
        Author: text(data.account.name),
        Subject: text(`Assessment report: ${data.assessment.framework}`),
        Creator: 'Tenantry',
        CreationDate: data.generatedAt,
      },
    });
    this.doc.registerFont(F.regular, fonts.files.regular);
    this.doc.registerFont(F.bold, fonts.files.bold);
    this.doc.registerFont(F.italic, fonts.files.italic);
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get bottom() {
    return PAGE.height - MARGIN.bottom;
  }

  /** Sets font, size and colour at once; answers the document to draw with them. */
  style(font: keyof typeof F, size: number, color = COLOR.text): Doc {
    return this.doc.font(F[font]).fontSize(size).fillColor(color);
  }

  /** Height of `s` in `font`/`size` wrapped to `width`. */
  measure(font: keyof typeof F, size: number, s: string, width: number, lineGap = 1) {
    this.doc.font(F[font]).fontSize(size);
    return this.doc.heightOfString(s, { width, lineGap });
  }

  /** A new page unless the current one is still empty. */
  newPage() {
    if (this.doc.y > MARGIN.top + 1) this.doc.addPage();
    this.doc.y = MARGIN.top;
  }

  /** Moves to the next page when `height` does not fit below the current position. */
  ensure(height: number) {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  /** A block of `height`: kept whole when it fits on a page; else started with some room. */
  keep(height: number) {
    this.ensure(Math.min(height, 80));
    if (height <= this.bottom - MARGIN.top) this.ensure(height);
  }

  line(y: number, color = COLOR.rule, x0 = LEFT, x1 = RIGHT, width = 0.6) {
    this.doc.save().moveTo(x0, y).lineTo(x1, y).lineWidth(width).strokeColor(color).stroke();
    this.doc.restore();
  }

  heading(title: string, intro?: string) {
    this.ensure(70);
    this.style('bold', 17).text(text(title), LEFT, this.doc.y, { width: WIDTH });
    this.line(this.doc.y + 3, COLOR.brand, LEFT, LEFT + 40, 2);
    this.doc.y += 12;
    if (intro) {
      this.style('regular', 9.5, COLOR.muted).text(text(intro), LEFT, this.doc.y, {
        width: WIDTH,
        lineGap: 1.5,
      });
      this.doc.y += 8;
    }
  }

  async end(): Promise<Buffer> {
    this.doc.end();
    return this.ended;
  }
}

/** Page numbers and the footer on every page but the cover. */
export function footers(d: Drawing) {
  const { doc, data } = d;
  const range = doc.bufferedPageRange();
  const label = text(`${data.account.name} · ${data.tenant.name} · ${data.assessment.name}`);
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the bottom margin must not add a page
    const y = PAGE.height - 44;
    d.line(y - 6, COLOR.rule);
    d.style('regular', 7.5, COLOR.muted).text(label, LEFT, y, {
      width: WIDTH - 90,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
    d.style('regular', 7.5, COLOR.muted).text(`Page ${i + 1} of ${range.count}`, RIGHT - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
  }
}
