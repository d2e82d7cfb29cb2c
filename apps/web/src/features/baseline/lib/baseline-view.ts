import {
  formatScore,
  isOpenTask,
  type AssessmentSummary,
  type BaselineComparison,
  type ComparedSide,
  type QuestionComparison,
  type QuestionTask,
  type SectionComparison,
  type Trend,
} from '@tenantry/shared';
import { taskStatusLabel, assessmentStatusLabel } from '#web/lib/labels.ts';
import { formatDate } from '#web/lib/format.ts';
import { t } from '../messages.ts';

type QuestionSide = NonNullable<QuestionComparison['latest']>;

/** Improved green, regressed red, unchanged gray; added and removed stand apart. */
export const TREND_COLORS: Record<Trend, string> = {
  improved: 'green',
  regressed: 'red',
  unchanged: 'gray',
  added: 'blue',
  removed: 'orange',
  unscored: 'gray',
};

/** A score in [0, 1] as a whole percentage (for charts); null stays null. */
export function percent(score: number | null | undefined): number | null {
  return score == null ? null : Math.round(100 * score);
}

/** Whole percentage points, signed: "+12 pts", "−5 pts", "+1 pt", "0 pts"; "—" when none. */
export function formatDelta(delta: number | null | undefined): string {
  if (delta == null) return '—';
  const pts = Math.round(100 * delta);
  const sign = pts > 0 ? '+' : pts < 0 ? '−' : '';
  return t('delta.points', { sign, count: Math.abs(pts) });
}

/** The colour of a delta's text: up green, down red, nothing dimmed. */
export function deltaColor(delta: number | null | undefined): string {
  const pts = delta == null ? 0 : Math.round(100 * delta);
  return pts > 0 ? 'green' : pts < 0 ? 'red' : 'dimmed';
}

/** A section's target (as the compared assessment has it, else the baseline's). */
export function targetOf(s: SectionComparison): number | null {
  return s.latest?.target ?? s.baseline?.target ?? null;
}

/** How far a side is below its target: "12 pts", "<1 pt", "Met", or "—" (no target or score). */
export function gapText(side: ComparedSide | null): string {
  if (!side || side.gap == null || side.score == null) return '—';
  if (side.gap <= 0) return t('gap.met');
  const pts = Math.round(100 * side.gap);
  return pts === 0 ? t('gap.belowOnePoint') : t('gap.points', { count: pts });
}

/** A question's score on one side: the score, "N/A", "Not answered", "Not scored" or "—". */
export function questionScoreText(side: QuestionSide | null): string {
  if (!side) return '—';
  if (side.na) return 'N/A';
  if (!side.answered) return t('questions.notAnswered');
  if (side.score == null) return t('questions.notScored');
  return formatScore(side.score);
}

/** What a question's gap marker says: a gap now, a gap closed since the baseline, or nothing. */
export function questionGap(q: QuestionComparison): 'gap' | 'closed' | null {
  if (q.latest?.gap) return 'gap';
  if (q.baseline?.gap && q.latest?.answered) return 'closed';
  return null;
}

/**
 * A question's remediation task as its badge says it: still open ("Task: In progress"), done
 * since the compared answer ("Fixed — awaiting confirmation" until a new assessment says so),
 * done, or its risk accepted.
 */
export function questionTaskBadge(task: QuestionTask): { label: string; color: string } {
  if (isOpenTask(task.status)) {
    return {
      label: t('questions.task.open', { status: taskStatusLabel(task.status) }),
      color: task.status === 'todo' ? 'gray' : 'blue',
    };
  }
  if (task.awaitingConfirmation) return { label: t('questions.task.fixed'), color: 'teal' };
  if (task.status === 'done') return { label: t('questions.task.done'), color: 'green' };
  return { label: taskStatusLabel(task.status), color: 'grape' };
}

/** An assessment in a picker: its name and where it stands ("completed 1 Mar 2026"). */
export function assessmentLabel(a: AssessmentSummary): string {
  return `${a.name} · ${assessmentState(a)}`;
}

/** "completed 1 Mar 2026", "in progress", "reopened". */
export function assessmentState(a: AssessmentSummary): string {
  if (a.status === 'completed' && a.completedAt)
    return t('assessment.completed', { date: formatDate(a.completedAt) });
  return assessmentStatusLabel(a.status).toLowerCase();
}

export function childrenOf(
  sections: readonly SectionComparison[],
  parentKey: string | null,
): SectionComparison[] {
  return sections.filter((s) => s.parentKey === parentKey);
}

export function questionsOf(
  questions: readonly QuestionComparison[],
  sectionKey: string,
): QuestionComparison[] {
  return questions.filter((q) => q.sectionKey === sectionKey);
}

/** The sections enclosing `section`, outermost first. */
export function trailOf(
  sections: readonly SectionComparison[],
  section: SectionComparison,
): SectionComparison[] {
  const byKey = new Map(sections.map((s) => [s.key, s]));
  const trail: SectionComparison[] = [];
  let parent = section.parentKey ? byKey.get(section.parentKey) : undefined;
  while (parent && !trail.includes(parent) && parent !== section) {
    trail.unshift(parent);
    parent = parent.parentKey ? byKey.get(parent.parentKey) : undefined;
  }
  return trail;
}

/** What the URL's focus names: every section, one section, or a question within its section. */
export type FocusView =
  | { kind: 'all' }
  | {
      kind: 'section';
      section: SectionComparison;
      /** Its enclosing sections, outermost first. */
      trail: SectionComparison[];
      /** The question in focus, if the focus names one. */
      question: QuestionComparison | null;
    }
  | { kind: 'unknown' };

/** A section key first, then a question key (shown within its section). */
export function resolveFocus(c: BaselineComparison, focus: string | undefined): FocusView {
  if (!focus) return { kind: 'all' };
  const section = c.sections.find((s) => s.key === focus);
  if (section)
    return { kind: 'section', section, trail: trailOf(c.sections, section), question: null };
  const question = c.questions.find((q) => q.key === focus);
  const home = question && c.sections.find((s) => s.key === question.sectionKey);
  if (question && home) {
    return { kind: 'section', section: home, trail: trailOf(c.sections, home), question };
  }
  return { kind: 'unknown' };
}

export interface RadarRow {
  section: string;
  Latest: number | null;
  Baseline: number | null;
  Target: number | null;
}

/** The radar's rows: a top-level section's scores and target, in percent. */
export function radarRows(sections: readonly SectionComparison[]): RadarRow[] {
  return childrenOf(sections, null).map((s) => ({
    section: s.title,
    Latest: percent(s.latest?.score),
    Baseline: percent(s.baseline?.score),
    Target: percent(targetOf(s)),
  }));
}

export interface DeltaRow {
  section: string;
  Change: number;
}

/** The delta chart's rows: top-level sections with a delta, in percentage points. */
export function deltaRows(sections: readonly SectionComparison[]): DeltaRow[] {
  return childrenOf(sections, null)
    .filter((s) => s.delta !== null)
    .map((s) => ({ section: s.title, Change: Math.round(100 * (s.delta ?? 0)) }));
}

/** A chart's words: each top-level section's latest and baseline scores and its change. */
export function chartSummary(sections: readonly SectionComparison[]): string {
  return childrenOf(sections, null)
    .map((s) =>
      t('charts.summary.section', {
        section: s.title,
        latest: formatScore(s.latest?.score),
        baseline: formatScore(s.baseline?.score),
        change: formatDelta(s.delta),
      }),
    )
    .join('; ');
}

/** "Q3 review", cut to `max` characters with an ellipsis (chart axis labels). */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A chart label broken into lines of at most `width` characters at spaces (a word longer than
 * a line is cut), at most `maxLines` lines, the last one ending in "…" when text is left over:
 * "Monitoring & Incident Response" → ["Monitoring &", "Incident", "Response"] at 12.
 */
export function wrapLabel(text: string, width: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > width ? shorten(word, width) : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines - 1);
  kept.push(shorten(lines.slice(maxLines - 1).join(' '), width));
  return kept;
}
