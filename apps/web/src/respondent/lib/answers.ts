// scoring.ts holds no schema (type-only imports): importing it brings no zod into the page.
import { isAnswered } from '@tenantry/shared/scoring';
import type { AnswerFields, FrameworkDocument, Question, RespondentAnswer } from './contract.ts';
import type { RespondentKey, RespondentTranslator } from './i18n.ts';
import type { QueuedWrite, TakenAnswer } from './queue.ts';

/** What a question shows: the respondent's queued answer over the server's. */
export interface ShownAnswer extends AnswerFields {
  /** An answer exists (on the server or queued here). */
  exists: boolean;
  /** Given by this respondent (queued here, or the server says so). */
  mine: boolean;
  /** Queued on this device, not yet saved. */
  pending: boolean;
}

export const NO_ANSWER: ShownAnswer = {
  value: null,
  na: false,
  note: '',
  exists: false,
  mine: false,
  pending: false,
};

/** Made once per write or saved answer, so an unchanged question does not render again. */
const shownCache = new WeakMap<object, ShownAnswer>();

export function shownAnswer(
  pending: QueuedWrite | undefined,
  saved: RespondentAnswer | undefined,
): ShownAnswer {
  const source = pending ?? saved;
  if (!source) return NO_ANSWER;
  let shown = shownCache.get(source);
  if (!shown) {
    shown = toShown(pending, saved);
    shownCache.set(source, shown);
  }
  return shown;
}

function toShown(
  pending: QueuedWrite | undefined,
  saved: RespondentAnswer | undefined,
): ShownAnswer {
  if (pending) {
    return {
      value: pending.value,
      na: pending.na,
      note: pending.note,
      exists: pending.value !== null || pending.na || pending.note !== '',
      mine: true,
      pending: true,
    };
  }
  if (saved) {
    return {
      value: saved.value,
      na: saved.na,
      note: saved.note,
      exists: true,
      mine: saved.mine,
      pending: false,
    };
  }
  return NO_ANSWER;
}

/** Every question of the respondent's part, in reading order. */
export function questionsOf(doc: Pick<FrameworkDocument, 'sections'>): Question[] {
  const out: Question[] = [];
  const walk = (sections: FrameworkDocument['sections']) => {
    for (const s of sections) {
      out.push(...s.questions);
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

/** How many of `questions` count as answered (the scoring model's rule). */
export function countAnswered(
  questions: readonly Question[],
  answerOf: (key: string) => AnswerFields | undefined,
): number {
  let n = 0;
  for (const q of questions) if (isAnswered(q, answerOf(q.key) ?? undefined)) n++;
  return n;
}

/** The answers keyed by question, from the session's list. */
export function answerMap(answers: readonly RespondentAnswer[]): Map<string, RespondentAnswer> {
  return new Map(answers.map((a) => [a.questionKey, a]));
}

/**
 * A session loaded again (back online, or through the service worker) over the answers known:
 * an answer this page has seen saved after the session was read is kept.
 */
export function mergeSaved(
  known: ReadonlyMap<string, RespondentAnswer>,
  fresh: readonly RespondentAnswer[],
): Map<string, RespondentAnswer> {
  const merged = answerMap(fresh);
  for (const [key, a] of known) {
    const f = merged.get(key);
    if (f ? a.answeredAt > f.answeredAt : a.mine) merged.set(key, a);
  }
  return merged;
}

/**
 * The session's answers with what the server took since on top (lib/queue.ts `taken`): a
 * session read before them (the service worker's copy, offline) still shows them.
 */
export function withTaken(
  answers: readonly RespondentAnswer[],
  taken: Readonly<Record<string, TakenAnswer>>,
): Map<string, RespondentAnswer> {
  const map = answerMap(answers);
  for (const [key, t] of Object.entries(taken)) {
    const a = map.get(key);
    if (a && a.answeredAt >= t.answeredAt) continue;
    if (t.answer) map.set(key, t.answer);
    else map.delete(key);
  }
  return map;
}

/** A number as typed ("12", "3,5", " 7.25 "), or null when it is not one. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '' || !/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const YES_NO_KEYS: Record<string, RespondentKey> = {
  yes: 'answer.yes',
  partial: 'answer.partial',
  no: 'answer.no',
};
const TEXT_SHOWN = 80;

/**
 * An answer as a person reads it: "Yes", "2 – Repeatable", "Low; High", "15 days", "Not
 * applicable", "no answer" (cleared), a text cut to a line.
 */
export function describeAnswer(
  q: Question,
  a: Pick<AnswerFields, 'value' | 'na'> | null | undefined,
  tr: RespondentTranslator,
): string {
  if (!a || (a.value === null && !a.na)) return tr.t('answer.none');
  if (a.na) return tr.t('answer.na');
  const v = a.value;
  switch (q.type) {
    case 'yes_no': {
      const key = YES_NO_KEYS[String(v)];
      return key ? tr.t(key) : String(v);
    }
    case 'maturity':
      return `${String(v)} – ${q.levels[Number(v)] ?? ''}`.trim();
    case 'single_choice':
      return q.options.find((o) => o.key === v)?.label ?? String(v);
    case 'multiple_choice':
      return (Array.isArray(v) ? v : [String(v)])
        .map((k) => q.options.find((o) => o.key === k)?.label ?? k)
        .join('; ');
    case 'number': {
      const n = typeof v === 'number' ? tr.number(v) : String(v);
      return q.unit ? `${n} ${q.unit}` : n;
    }
    case 'text': {
      const t = String(v).replace(/\s+/g, ' ').trim();
      return `“${t.length > TEXT_SHOWN ? `${t.slice(0, TEXT_SHOWN - 1)}…` : t}”`;
    }
  }
}
