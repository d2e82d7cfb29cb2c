/**
 * The section scores chart: per top-level section, its score as a bar against its target as a
 * tick, drawn with rectangles and lines (vector, no image), on a 0–100 % axis with a legend.
 */
import type { ReportSection } from '../reports.data.ts';
import type { Drawing } from './document.ts';
import { COLOR, LEFT, percent, text, WIDTH } from './document.ts';

/** The colour of a section's score: at or above its target, below it, no target, no score. */
export const barColor = (s: Pick<ReportSection, 'score' | 'target'>) =>
  s.score === null
    ? COLOR.faint
    : s.target === null
      ? COLOR.neutral
      : s.score + 1e-9 >= s.target
        ? COLOR.good
        : COLOR.below;

const LABEL_W = 150;
const VALUE_W = 46;
const X0 = LEFT + LABEL_W + 10;
const BAR_W = WIDTH - LABEL_W - 10 - VALUE_W - 6;
const ROW_H = 24;
const TICKS = [0, 25, 50, 75, 100];

/** Score (bar) against target (tick) per top-level section, drawn with rectangles and lines. */
export function chart(d: Drawing) {
  const { doc, data } = d;
  const top = data.sections.filter((s) => s.depth === 0);
  d.heading('Section scores', 'Score of each top-level section; the dark tick is its target.');
  if (!top.length) return;
  d.ensure(12 + ROW_H * Math.min(top.length, 4));
  axis(d);
  for (const s of top) {
    if (doc.y + ROW_H > d.bottom) {
      d.newPage();
      axis(d);
    }
    barRow(d, s);
  }
  legend(d);
}

/** The percentages above the bars (again at the top of each page the chart continues on). */
function axis(d: Drawing) {
  const { doc } = d;
  const y = doc.y;
  d.style('regular', 7.5, COLOR.muted);
  for (const p of TICKS) {
    const x = X0 + (BAR_W * p) / 100;
    doc.text(`${p} %`, x - 15, y, { width: 30, align: 'center', lineBreak: false });
  }
  doc.y = y + 12;
}

/** The vertical grid lines behind one row. */
function grid(d: Drawing, y0: number, y1: number) {
  for (const p of TICKS) {
    const x = X0 + (BAR_W * p) / 100;
    d.doc
      .save()
      .moveTo(x, y0)
      .lineTo(x, y1)
      .lineWidth(p === 0 ? 0.8 : 0.4)
      .strokeColor(p === 0 ? COLOR.faint : COLOR.rule)
      .stroke()
      .restore();
  }
}

/** One section's row: its title, its score's bar, its target's tick and the score in figures. */
function barRow(d: Drawing, s: ReportSection) {
  const { doc } = d;
  const y = doc.y;
  const mid = y + ROW_H / 2;
  grid(d, y, y + ROW_H);
  const label = text(s.title);
  const lh = Math.min(d.measure('regular', 8.5, label, LABEL_W, 0), 21);
  d.style('regular', 8.5).text(label, LEFT, mid - lh / 2, {
    width: LABEL_W,
    height: 21,
    ellipsis: true,
    lineGap: 0,
  });
  if (s.score !== null) {
    const w = Math.max(BAR_W * Math.min(1, Math.max(0, s.score)), 1.5);
    doc
      .save()
      .rect(X0, mid - 6, w, 12)
      .fill(barColor(s))
      .restore();
  }
  if (s.target !== null) {
    const tx = X0 + BAR_W * Math.min(1, Math.max(0, s.target));
    doc
      .save()
      .moveTo(tx, mid - 9)
      .lineTo(tx, mid + 9)
      .lineWidth(2)
      .strokeColor(COLOR.target)
      .stroke()
      .restore();
  }
  d.style('bold', 9).text(percent(s.score), X0 + BAR_W + 6, mid - 5, {
    width: VALUE_W,
    lineBreak: false,
  });
  doc.y = y + ROW_H;
}

/** What the colours and the tick mean. */
function legend(d: Drawing) {
  const { doc } = d;
  const ly = doc.y + 8;
  let lx = X0;
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
