/**
 * Draws a report (docs/reports.md) with PDFKit (ADR 0013): the cover, the executive summary
 * with the section scores chart (vector bars) and table, the gaps with their remediation tasks,
 * then every answer by section; page numbers and a footer on every page but the cover.
 *
 * Blocks (a table row, a question with its answer and note) are measured first and moved whole
 * to the next page when they do not fit; only a block taller than a page flows across pages.
 * Every text a user typed goes through `printable()` (the font's coverage) and is drawn in the
 * regular or bold face; the italic face only draws the report's own words. The drawing yields to the event
 * loop between slices and reports its progress through `onProgress`.
 */
import PDFDocument from 'pdfkit';
import { printable, reportFonts } from '../reports.fonts.ts';
import type { ReportData, ReportGap, ReportQuestion, ReportSection } from '../reports.data.ts';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { top: 56, bottom: 70, left: 50, right: 50 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const LEFT = MARGIN.left;
const RIGHT = PAGE.width - MARGIN.right;

const COLOR = {
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

/** Questions drawn between two yields to the event loop. */
const SLICE = 25;

export interface RenderOptions {
  /** Called with the progress in [0, 1] as the drawing goes; awaited. */
  onProgress?: (progress: number) => Promise<void> | void;
}

const text = (s: string) => printable(s);

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

const dateTimeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${DAY.format(d)}, ${TIME.format(d)} UTC`;
};

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class Drawing {
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

// ---------------------------------------------------------------------------------------------
// Cover
// ---------------------------------------------------------------------------------------------

function cover(d: Drawing) {
  const { doc, data } = d;
  doc.save().rect(0, 0, PAGE.width, 10).fill(COLOR.brand).restore();
  let y = 60;
  if (data.account.logoPng) {
    try {
      doc.image(data.account.logoPng, LEFT, y, { fit: [170, 70] });
      y += 82;
      d.style('bold', 11, COLOR.muted).text(text(data.account.name), LEFT, y, {
        width: WIDTH,
        height: 30,
        ellipsis: true,
      });
    } catch {
      d.style('bold', 18).text(text(data.account.name), LEFT, y, { width: WIDTH });
    }
  } else {
    d.style('bold', 18).text(text(data.account.name), LEFT, y, {
      width: WIDTH,
      height: 50,
      ellipsis: true,
    });
  }

  y = 250;
  d.style('bold', 10, COLOR.brand).text('ASSESSMENT REPORT', LEFT, y, {
    width: WIDTH,
    characterSpacing: 0.8,
  });
  d.style('bold', 28).text(text(data.assessment.name), LEFT, doc.y + 10, {
    width: WIDTH,
    height: 140,
    ellipsis: true,
    lineGap: 2,
  });
  d.style('regular', 16, COLOR.muted).text(text(`for ${data.tenant.name}`), LEFT, doc.y + 8, {
    width: WIDTH,
    height: 60,
    ellipsis: true,
  });
  d.style('regular', 11, COLOR.muted).text(
    text(`${data.assessment.framework} · version ${data.assessment.version}`),
    LEFT,
    doc.y + 14,
    { width: WIDTH, height: 30, ellipsis: true },
  );

  const a = data.assessment;
  const rows: [string, string][] = [
    ['Status', a.status],
    ['Owner', a.owner ?? '—'],
    ['Started', dayOf(a.startedAt ?? a.createdAt)],
    a.completedAt ? ['Completed', dayOf(a.completedAt)] : ['Due', dayOf(a.dueDate)],
    ['Last answer', a.lastAnswerAt ? dayOf(a.lastAnswerAt) : '—'],
    ['Report made', dateTimeOf(data.generatedAt.toISOString())],
  ];
  const top = 560;
  const rowH = 24;
  doc
    .save()
    .roundedRect(LEFT, top - 12, WIDTH, rows.length * rowH + 18, 6)
    .fill(COLOR.panel)
    .restore();
  rows.forEach(([label, value], i) => {
    const ry = top + i * rowH;
    d.style('regular', 9.5, COLOR.muted).text(label, LEFT + 16, ry, { width: 110 });
    d.style('bold', 10).text(text(value), LEFT + 130, ry, {
      width: WIDTH - 146,
      height: 14,
      ellipsis: true,
    });
  });
  d.style('regular', 8.5, COLOR.faint).text(
    text(`Prepared by ${data.account.name}. Confidential: for ${data.tenant.name}.`),
    LEFT,
    PAGE.height - 60,
    { width: WIDTH, height: 22, ellipsis: true },
  );
}

// ---------------------------------------------------------------------------------------------
// Executive summary, chart, section table
// ---------------------------------------------------------------------------------------------

function summaryText(data: ReportData): string {
  const s = data.summary;
  const parts = [
    s.score === null
      ? 'No question has a score yet.'
      : s.provisional
        ? `The overall score so far is ${percent(s.score)}, provisional: the assessment is not completed and ${s.answered} of ${s.total} questions are answered (${percent(s.completion)}), so it may still change.`
        : `The overall score is ${percent(s.score)}, with ${s.answered} of ${s.total} questions answered (${percent(s.completion)}).`,
    s.gaps === 0
      ? 'No scored question is below its section’s target.'
      : `${s.gaps} question${s.gaps === 1 ? ' is' : 's are'} below ${s.gaps === 1 ? 'its' : 'their'} section’s target; ${s.gapsWithTask} of them ${s.gapsWithTask === 1 ? 'has' : 'have'} a remediation task.`,
  ];
  const b = s.baseline;
  if (b.kind === 'this') {
    parts.push('This assessment is the client’s baseline: later assessments are compared with it.');
  } else if (b.kind === 'compared' && b.delta !== null) {
    parts.push(
      b.leftOut.length === 0
        ? `Compared with the baseline “${b.name}” (${percent(b.score)}), the score moved ${points(b.delta)}.`
        : `Compared with the baseline “${b.name}” (${percent(b.score)}) over the sections both score, the score moved ${points(b.delta)}; left out: ${b.leftOut.join('; ')}.`,
    );
  }
  return parts.join(' ');
}

/** The "Since baseline" tile: the like-with-like change, or why there is none. */
function sinceBaseline(b: ReportData['summary']['baseline']) {
  const label = 'Since baseline';
  switch (b.kind) {
    case 'none':
      return { label, value: '—', note: 'no baseline marked' };
    case 'this':
      return { label, value: 'Baseline', note: 'this is the baseline' };
    case 'other_framework':
      return { label, value: '—', note: 'baseline is another framework' };
    case 'compared':
      return {
        label,
        value: points(b.delta),
        note:
          b.leftOut.length > 0
            ? `${b.leftOut.length} ${b.leftOut.length === 1 ? 'section' : 'sections'} left out`
            : `baseline ${percent(b.score)}`,
      };
  }
}

function tiles(d: Drawing) {
  const { doc, data } = d;
  const s = data.summary;
  const baseline = s.baseline;
  const items: { label: string; value: string; note: string }[] = [
    {
      label: 'Overall score',
      value: percent(s.score),
      note: s.provisional && s.score !== null ? 'provisional (so far)' : data.assessment.status,
    },
    {
      label: 'Completion',
      value: percent(s.completion),
      note: `${s.answered} of ${s.total} answered`,
    },
    {
      label: 'Gaps',
      value: String(s.gaps),
      note: s.gaps ? `${s.gapsWithTask} with a task` : 'none below target',
    },
    sinceBaseline(baseline),
  ];
  const gap = 10;
  const w = (WIDTH - gap * (items.length - 1)) / items.length;
  const h = 74;
  d.ensure(h + 10);
  const top = doc.y;
  items.forEach((it, i) => {
    const x = LEFT + i * (w + gap);
    doc.save().roundedRect(x, top, w, h, 6).fill(COLOR.panel).restore();
    d.style('regular', 8.5, COLOR.muted).text(it.label, x + 10, top + 10, { width: w - 20 });
    d.style('bold', 22).text(it.value, x + 10, top + 24, { width: w - 20, lineBreak: false });
    d.style('regular', 8, COLOR.muted).text(text(it.note), x + 10, top + 54, {
      width: w - 20,
      height: 12,
      ellipsis: true,
    });
  });
  doc.y = top + h + 14;
}

const barColor = (s: Pick<ReportSection, 'score' | 'target'>) =>
  s.score === null
    ? COLOR.faint
    : s.target === null
      ? COLOR.neutral
      : s.score + 1e-9 >= s.target
        ? COLOR.good
        : COLOR.below;

/** Score (bar) against target (tick) per top-level section, drawn with rectangles and lines. */
function chart(d: Drawing) {
  const { doc, data } = d;
  const top = data.sections.filter((s) => s.depth === 0);
  d.heading('Section scores', 'Score of each top-level section; the dark tick is its target.');
  if (!top.length) return;
  const labelW = 150;
  const valueW = 46;
  const x0 = LEFT + labelW + 10;
  const barW = WIDTH - labelW - 10 - valueW - 6;
  const rowH = 24;
  const axis = () => {
    const y = doc.y;
    d.style('regular', 7.5, COLOR.muted);
    for (const p of [0, 25, 50, 75, 100]) {
      const x = x0 + (barW * p) / 100;
      doc.text(`${p} %`, x - 15, y, { width: 30, align: 'center', lineBreak: false });
    }
    doc.y = y + 12;
  };
  const grid = (y0: number, y1: number) => {
    for (const p of [0, 25, 50, 75, 100]) {
      const x = x0 + (barW * p) / 100;
      doc
        .save()
        .moveTo(x, y0)
        .lineTo(x, y1)
        .lineWidth(p === 0 ? 0.8 : 0.4)
        .strokeColor(p === 0 ? COLOR.faint : COLOR.rule)
        .stroke()
        .restore();
    }
  };
  d.ensure(12 + rowH * Math.min(top.length, 4));
  axis();
  for (const s of top) {
    if (doc.y + rowH > d.bottom) {
      d.newPage();
      axis();
    }
    const y = doc.y;
    const mid = y + rowH / 2;
    grid(y, y + rowH);
    const label = text(s.title);
    const lh = Math.min(d.measure('regular', 8.5, label, labelW, 0), 21);
    d.style('regular', 8.5).text(label, LEFT, mid - lh / 2, {
      width: labelW,
      height: 21,
      ellipsis: true,
      lineGap: 0,
    });
    if (s.score !== null) {
      const w = Math.max(barW * Math.min(1, Math.max(0, s.score)), 1.5);
      doc
        .save()
        .rect(x0, mid - 6, w, 12)
        .fill(barColor(s))
        .restore();
    }
    if (s.target !== null) {
      const tx = x0 + barW * Math.min(1, Math.max(0, s.target));
      doc
        .save()
        .moveTo(tx, mid - 9)
        .lineTo(tx, mid + 9)
        .lineWidth(2)
        .strokeColor(COLOR.target)
        .stroke()
        .restore();
    }
    d.style('bold', 9).text(percent(s.score), x0 + barW + 6, mid - 5, {
      width: valueW,
      lineBreak: false,
    });
    doc.y = y + rowH;
  }
  // Legend.
  const ly = doc.y + 8;
  let lx = x0;
  const swatch = (color: string, label: string) => {
    doc
      .save()
      .rect(lx, ly + 1, 9, 7)
      .fill(color)
      .restore();
    d.style('regular', 7.5, COLOR.muted).text(label, lx + 12, ly, { lineBreak: false });
    lx += 12 + doc.widthOfString(label) + 14;
  };
  swatch(COLOR.good, 'At or above target');
  swatch(COLOR.below, 'Below target');
  swatch(COLOR.neutral, 'No target');
  doc
    .save()
    .moveTo(lx + 2, ly - 1)
    .lineTo(lx + 2, ly + 9)
    .lineWidth(2)
    .strokeColor(COLOR.target)
    .stroke()
    .restore();
  d.style('regular', 7.5, COLOR.muted).text('Target', lx + 8, ly, { lineBreak: false });
  doc.y = ly + 22;
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table header row; answers its height. */
function tableHeader(d: Drawing, columns: Column[]) {
  const { doc } = d;
  const y = doc.y;
  doc.save().rect(LEFT, y, WIDTH, 18).fill(COLOR.panel).restore();
  let x = LEFT;
  for (const c of columns) {
    d.style('bold', 8, COLOR.muted).text(c.title, x + 6, y + 5, {
      width: c.width - 12,
      align: c.align ?? 'left',
      lineBreak: false,
    });
    x += c.width;
  }
  doc.y = y + 18;
}

function sectionTable(d: Drawing) {
  const { doc, data } = d;
  const withBaseline = data.summary.baseline.kind === 'compared';
  const columns: Column[] = [
    { title: 'Section', width: WIDTH - 200 - (withBaseline ? 80 : 0) },
    { title: 'Score', width: 60, align: 'right' },
    { title: 'Target', width: 60, align: 'right' },
    { title: 'Answered', width: 80, align: 'right' },
    ...(withBaseline ? [{ title: 'Since baseline', width: 80, align: 'right' as const }] : []),
  ];
  d.ensure(18 + 20 * 3);
  tableHeader(d, columns);
  for (const s of data.sections) {
    const indent = Math.min(s.depth, 4) * 12;
    const titleW = columns[0]!.width - 12 - indent;
    const label = `${s.key}  ${s.title}`;
    const h = Math.min(d.measure(s.depth ? 'regular' : 'bold', 8.5, text(label), titleW), 34) + 9;
    if (doc.y + h > d.bottom) {
      d.newPage();
      tableHeader(d, columns);
    }
    const y = doc.y;
    d.style(s.depth ? 'regular' : 'bold', 8.5).text(text(label), LEFT + 6 + indent, y + 4.5, {
      width: titleW,
      height: 34,
      ellipsis: true,
    });
    const cells = [
      percent(s.score),
      percent(s.target),
      `${s.answered} of ${s.total}`,
      ...(withBaseline
        ? [s.baselineScore === null || s.score === null ? '—' : points(s.score - s.baselineScore)]
        : []),
    ];
    let x = LEFT + columns[0]!.width;
    cells.forEach((cell, i) => {
      const c = columns[i + 1]!;
      d.style(i === 0 ? 'bold' : 'regular', 8.5, i === 0 ? barColor(s) : COLOR.text).text(
        cell,
        x + 6,
        y + 4.5,
        { width: c.width - 12, align: 'right', lineBreak: false },
      );
      x += c.width;
    });
    doc.y = y + h;
    d.line(doc.y);
  }
  doc.y += 10;
}

// ---------------------------------------------------------------------------------------------
// Gaps and their remediation tasks
// ---------------------------------------------------------------------------------------------

const GAP_COLUMNS: Column[] = [
  { title: 'Question', width: 215 },
  { title: 'Score / target', width: 75, align: 'right' },
  { title: 'Remediation task', width: 205 },
];
const CELL_MAX = 160;

function taskLines(g: ReportGap): { title: string; meta: string } | null {
  if (!g.task) return null;
  const t = g.task;
  const meta = [
    t.statusLabel,
    t.assignee ?? 'unassigned',
    t.dueDate ? `due ${dayOf(t.dueDate)}${t.overdue ? ' (overdue)' : ''}` : 'no due date',
  ].join(' · ');
  return { title: t.title, meta };
}

function gapRow(d: Drawing, g: ReportGap) {
  const { doc } = d;
  const [qc, sc, tc] = GAP_COLUMNS as [Column, Column, Column];
  const qw = qc.width - 12;
  const tw = tc.width - 12;
  const where = text(`${g.key} · ${g.sectionTitle}`);
  const title = text(g.title);
  const answer = g.answer ? text(`Answer: ${g.answer}`) : '';
  const task = taskLines(g);
  const qh =
    d.measure('regular', 7.5, where, qw) +
    2 +
    Math.min(d.measure('bold', 9, title, qw), CELL_MAX) +
    (answer ? 2 + Math.min(d.measure('regular', 8, answer, qw), 40) : 0);
  const th = task
    ? Math.min(d.measure('bold', 8.5, text(task.title), tw), CELL_MAX) +
      2 +
      d.measure('regular', 7.5, text(task.meta), tw)
    : 12;
  const h = Math.max(qh, th) + 12;
  if (doc.y + h > d.bottom) {
    d.newPage();
    tableHeader(d, GAP_COLUMNS);
  }
  const y = doc.y + 6;
  d.style('regular', 7.5, COLOR.muted).text(where, LEFT + 6, y, { width: qw });
  d.style('bold', 9).text(title, LEFT + 6, doc.y + 2, {
    width: qw,
    height: CELL_MAX,
    ellipsis: true,
  });
  if (answer) {
    d.style('regular', 8, COLOR.muted).text(answer, LEFT + 6, doc.y + 2, {
      width: qw,
      height: 40,
      ellipsis: true,
    });
  }
  d.style('bold', 9, COLOR.below).text(
    `${percent(g.score)} / ${percent(g.target ?? 1)}`,
    LEFT + qc.width + 6,
    y,
    { width: sc.width - 12, align: 'right', lineBreak: false },
  );
  const tx = LEFT + qc.width + sc.width + 6;
  if (task) {
    d.style('bold', 8.5).text(text(task.title), tx, y, {
      width: tw,
      height: CELL_MAX,
      ellipsis: true,
    });
    d.style('regular', 7.5, g.task?.overdue ? COLOR.below : COLOR.muted).text(
      text(task.meta),
      tx,
      doc.y + 2,
      { width: tw },
    );
  } else {
    d.style('italic', 8.5, COLOR.muted).text('No task yet', tx, y, { width: tw });
  }
  doc.y = y - 6 + h;
  d.line(doc.y);
}

function gapsPart(d: Drawing) {
  const { data } = d;
  d.newPage();
  const n = data.gaps.length;
  d.heading(
    'Gaps and remediation',
    n === 0
      ? 'No gaps: every scored question meets its section’s target.'
      : `${n} question${n === 1 ? '' : 's'} scored below ${n === 1 ? 'its' : 'their'} section’s target (100 % where the section has none), with the remediation task on each: the open one, else the latest done or accepted.`,
  );
  if (!n) return;
  d.ensure(18 + 40);
  tableHeader(d, GAP_COLUMNS);
  for (const g of data.gaps) gapRow(d, g);
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

interface QuestionLayout {
  head: string;
  answer: { font: 'regular' | 'italic'; s: string };
  note: string;
  by: string;
  height: number;
}

const BADGE_W = 78;
const TITLE_W = WIDTH - BADGE_W - 8;

function answerText(q: ReportQuestion): { font: 'regular' | 'italic'; s: string } {
  if (q.na) return { font: 'italic', s: 'Not applicable' };
  if (!q.answered || q.answer === '') return { font: 'italic', s: 'Not answered' };
  return { font: 'regular', s: text(q.answer) };
}

/** What a question's block shows and how tall it is. */
function layoutQuestion(d: Drawing, q: ReportQuestion): QuestionLayout {
  const head = text(`${q.key}  ${q.title}`);
  const answer = answerText(q);
  const note = q.note ? text(q.note) : '';
  const by =
    q.answeredBy && q.answeredAt
      ? text(`Answered by ${q.answeredBy} · ${dateTimeOf(q.answeredAt)}`)
      : '';
  const height =
    d.measure('bold', 9.5, head, TITLE_W) +
    3 +
    d.measure(answer.font, 9.5, answer.s, WIDTH - 12) +
    (note ? 4 + d.measure('regular', 8.5, `Note: ${note}`, WIDTH - 22) : 0) +
    (by ? 3 + d.measure('regular', 7.5, by, WIDTH - 12) : 0) +
    14;
  return { head, answer, note, by, height };
}

function sectionHeading(d: Drawing, s: ReportSection, next: QuestionLayout | undefined) {
  const { doc } = d;
  const size = s.depth === 0 ? 13 : 11;
  const facts = `Score ${percent(s.score)}${s.target !== null ? ` · target ${percent(s.target)}` : ''} · ${s.answered} of ${s.total} answered`;
  const title = text(`${s.key}  ${s.title}`);
  const h = d.measure('bold', size, title, WIDTH) + 24;
  // A heading is never left alone at the foot of a page: it stays with its first question.
  // A section without questions of its own keeps room for its first sub-section's heading.
  d.ensure(h + Math.min(next?.height ?? 110, 120));
  const y = doc.y + (doc.y > MARGIN.top + 1 ? 10 : 2);
  const indent = s.depth === 0 ? 10 : 0;
  d.style('bold', size).text(title, LEFT + indent, y, { width: WIDTH - indent });
  d.style('regular', 8, COLOR.muted).text(facts, LEFT + indent, doc.y + 1, { width: WIDTH });
  if (s.depth === 0)
    doc
      .save()
      .rect(LEFT, y, 3, doc.y - y)
      .fill(COLOR.brand)
      .restore();
  doc.y += 6;
}

function questionBlock(d: Drawing, q: ReportQuestion, layout: QuestionLayout) {
  const { doc } = d;
  const { head, answer, note, by } = layout;
  d.keep(layout.height);
  const y = doc.y + 5;
  d.style('bold', 9.5).text(head, LEFT, y, { width: TITLE_W });
  const afterTitle = doc.y;
  // Score (and "gap") on the right of the title.
  if (q.score !== null || q.gap) {
    const label = q.gap ? `${percent(q.score)} · gap` : percent(q.score);
    d.style('bold', 8, q.gap ? COLOR.below : COLOR.muted).text(label, RIGHT - BADGE_W, y + 1, {
      width: BADGE_W,
      align: 'right',
      lineBreak: false,
    });
  }
  d.style(answer.font, 9.5, answer.font === 'italic' ? COLOR.muted : COLOR.text).text(
    answer.s,
    LEFT + 12,
    afterTitle + 3,
    { width: WIDTH - 12, lineGap: 1 },
  );
  if (note) {
    const page = doc.page;
    const ny = doc.y + 4;
    d.style('regular', 8.5, '#495057').text(`Note: ${note}`, LEFT + 22, ny, {
      width: WIDTH - 22,
      lineGap: 1,
    });
    // A bar beside the note, when it did not flow on to the next page.
    if (doc.page === page && doc.y > ny) {
      doc
        .save()
        .rect(LEFT + 12, ny, 2, doc.y - ny)
        .fill(COLOR.rule)
        .restore();
    }
  }
  if (by) {
    d.style('regular', 7.5, COLOR.faint).text(by, LEFT + 12, doc.y + 3, { width: WIDTH - 12 });
  }
  doc.y += 6;
  d.line(doc.y, '#eceef0');
}

async function answersPart(d: Drawing, progress: (p: number) => Promise<void>, from: number) {
  const { data } = d;
  d.newPage();
  d.heading(
    'Answers',
    'Every question in scope, by section, with its answer, score, note, and who answered it when.',
  );
  const total = Math.max(
    1,
    data.sections.reduce((n, s) => n + s.questions.length, 0),
  );
  let done = 0;
  let sinceYield = 0;
  for (const [i, s] of data.sections.entries()) {
    const layouts = s.questions.map((q) => layoutQuestion(d, q));
    sectionHeading(d, s, layouts[0]);
    for (const [j, q] of s.questions.entries()) {
      questionBlock(d, q, layouts[j]!);
      done += 1;
      if (++sinceYield >= SLICE) {
        sinceYield = 0;
        await progress(from + ((0.97 - from) * done) / total);
      }
    }
    const child = data.sections[i + 1];
    if (!s.questions.length && !(child && child.depth > s.depth)) {
      d.style('italic', 9, COLOR.muted).text(
        'No questions of its own in this assessment.',
        LEFT + 12,
        d.doc.y,
        { width: WIDTH - 12 },
      );
      d.doc.y += 6;
    }
    await progress(from + ((0.97 - from) * done) / total);
  }
}

// ---------------------------------------------------------------------------------------------
// Footer, page numbers
// ---------------------------------------------------------------------------------------------

function footers(d: Drawing) {
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

/** The PDF of a report. */
export async function renderReportPdf(data: ReportData, opts: RenderOptions = {}): Promise<Buffer> {
  const progress = async (p: number) => {
    await opts.onProgress?.(Math.min(1, Math.max(0, p)));
    await yieldToLoop();
  };
  const d = new Drawing(data);
  cover(d);
  await progress(0.15);
  d.doc.addPage();
  d.heading('Executive summary');
  tiles(d);
  d.style('regular', 10).text(text(summaryText(data)), LEFT, d.doc.y, {
    width: WIDTH,
    lineGap: 2,
  });
  d.doc.y += 18;
  chart(d);
  await progress(0.22);
  d.heading('Sections');
  sectionTable(d);
  await progress(0.28);
  gapsPart(d);
  await progress(0.35);
  await answersPart(d, progress, 0.35);
  footers(d);
  return d.end();
}
