/** The report's tables: the score of every section, and the gaps with their remediation tasks. */
import type { ReportGap } from '../reports.data.ts';
import { barColor } from './chart.ts';
import type { Drawing } from './document.ts';
import { COLOR, dayOf, LEFT, percent, points, text, WIDTH } from './document.ts';

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

export function sectionTable(d: Drawing) {
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

export function gapsPart(d: Drawing) {
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
