/**
 * Every answer, by section: a heading per section with its score, then each question with its
 * answer, score, note and who answered it when. It yields to the event loop between slices and
 * reports its progress.
 */
import { EVIDENCE_STATE_LABELS } from '@tenantry/shared';
import type { ReportEvidence, ReportQuestion, ReportSection } from '../reports.data.ts';
import type { Drawing } from './document.ts';
import { COLOR, dateTimeOf, LEFT, MARGIN, percent, RIGHT, text, WIDTH } from './document.ts';

/** Questions drawn between two yields to the event loop. */
const SLICE = 25;

interface QuestionLayout {
  head: string;
  answer: { font: 'regular' | 'italic'; s: string };
  note: string;
  by: string;
  /** "Confirmed unchanged since last period", "Changed since last period (was …)". */
  since: string;
  /** Each evidence file: its name and dates, then its SHA-256 in small type. */
  evidence: Array<{ line: string; hash: string; expired: boolean }>;
  height: number;
}

const EVIDENCE_W = WIDTH - 22;

/** What the report says of an evidence file: name, dates and state, then its full hash. */
export function evidenceLines(e: ReportEvidence): { line: string; hash: string; expired: boolean } {
  const expiry = e.expiresOn
    ? ` · expires ${e.expiresOn}${e.state === 'current' ? '' : ` (${EVIDENCE_STATE_LABELS[e.state].toLowerCase()})`}`
    : ' · no expiry';
  return {
    line: text(`${e.name} · effective ${e.effectiveOn}${expiry}`),
    hash: `SHA-256 ${e.sha256}`,
    expired: e.state === 'expired',
  };
}

/** What a question's answer is to last period's (empty when nothing was carried). */
export function sinceText(q: ReportQuestion): string {
  switch (q.sinceLastPeriod) {
    case 'confirmed':
      return 'Confirmed unchanged since last period';
    case 'changed':
      return `Changed since last period (was ${q.lastPeriodAnswer ?? 'no answer'})`;
    case 'to_confirm':
      return 'Last period’s answer not confirmed';
    default:
      return '';
  }
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
  const since = text(sinceText(q));
  const evidence = q.evidence.map(evidenceLines);
  const height =
    d.measure('bold', 9.5, head, TITLE_W) +
    3 +
    d.measure(answer.font, 9.5, answer.s, WIDTH - 12) +
    (note ? 4 + d.measure('regular', 8.5, `Note: ${note}`, WIDTH - 22) : 0) +
    (by ? 3 + d.measure('regular', 7.5, by, WIDTH - 12) : 0) +
    (since ? 3 + d.measure('bold', 7.5, since, WIDTH - 12) : 0) +
    (evidence.length ? 4 + d.measure('bold', 7.5, 'Evidence', WIDTH - 12) : 0) +
    evidence.reduce(
      (h, e) =>
        h +
        2 +
        d.measure('regular', 8, e.line, EVIDENCE_W) +
        d.measure('regular', 6.5, e.hash, EVIDENCE_W),
      0,
    ) +
    14;
  return { head, answer, note, by, since, evidence, height };
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
  const { head, answer, note, by, since, evidence } = layout;
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
  if (since) {
    const color = q.sinceLastPeriod === 'changed' ? COLOR.below : COLOR.muted;
    d.style('bold', 7.5, color).text(since, LEFT + 12, doc.y + 3, { width: WIDTH - 12 });
  }
  if (evidence.length) {
    d.style('bold', 7.5, COLOR.muted).text('Evidence', LEFT + 12, doc.y + 4, { width: WIDTH - 12 });
    for (const e of evidence) {
      d.style('regular', 8, e.expired ? COLOR.below : COLOR.text).text(
        e.line,
        LEFT + 22,
        doc.y + 2,
        {
          width: EVIDENCE_W,
        },
      );
      d.style('regular', 6.5, COLOR.faint).text(e.hash, LEFT + 22, doc.y, { width: EVIDENCE_W });
    }
  }
  doc.y += 6;
  d.line(doc.y, '#eceef0');
}

export async function answersPart(
  d: Drawing,
  progress: (p: number) => Promise<void>,
  from: number,
) {
  const { data } = d;
  d.newPage();
  d.heading(
    'Answers',
    d.data.summary.sinceLastPeriod
      ? 'Every question in scope, by section, with its answer, score, note, who answered it when, its evidence, and how it compares with last period’s answer.'
      : 'Every question in scope, by section, with its answer, score, note, who answered it when, and its evidence (name, dates and SHA-256).',
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
