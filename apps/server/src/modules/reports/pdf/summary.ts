/**
 * The executive summary: four tiles (score, completion, gaps, change since the baseline) and
 * the same facts in a paragraph.
 */
import type { ReportData } from '../reports.data.ts';
import type { Drawing } from './document.ts';
import { COLOR, LEFT, percent, points, text, WIDTH } from './document.ts';

export function summaryText(data: ReportData): string {
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
  const since = s.sinceLastPeriod;
  if (since) {
    parts.push(
      `Since the previous period, ${since.confirmed} ${since.confirmed === 1 ? 'answer was' : 'answers were'} confirmed unchanged and ${since.changed} changed${
        since.toConfirm
          ? `; ${since.toConfirm} carried ${since.toConfirm === 1 ? 'answer is' : 'answers are'} not confirmed yet`
          : ''
      }.`,
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

export function tiles(d: Drawing) {
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
