import {
  DEFAULT_MATURITY_LEVELS,
  formatScore,
  valueProblem,
  type Answer,
  type AnswerValue,
  type Question,
} from '@tenantry/shared';
import { t } from '../messages.ts';

/**
 * What the inputs of one question hold: a chosen value (yes/partial/no, a level, an option,
 * options), or typed text (a number or free text, kept as typed), N/A and a note.
 */
export interface AnswerDraft {
  value: string | number | string[] | null;
  /** The typed number or text. */
  typed: string;
  na: boolean;
  note: string;
}

/** The body of a write: what the PUT sends (besides its idempotency key and time). */
export interface AnswerBody {
  value: AnswerValue | null;
  na: boolean;
  note: string;
}

const typesTyped = new Set<Question['type']>(['number', 'text']);

/** Whether the question's value is typed (debounced) rather than chosen (saved at once). */
export function isTyped(question: Question): boolean {
  return typesTyped.has(question.type);
}

/** The inputs for a stored answer (or a write not saved yet: what the person had given). */
export function draftOf(
  question: Question,
  answer: Pick<Answer, 'value' | 'na' | 'note'> | undefined,
): AnswerDraft {
  const value = answer?.value ?? null;
  return {
    value: isTyped(question) ? null : value,
    typed:
      question.type === 'number' && typeof value === 'number'
        ? String(value)
        : question.type === 'text' && typeof value === 'string'
          ? value
          : '',
    na: answer?.na ?? false,
    note: answer?.note ?? '',
  };
}

/** "12.5" and "12,5" are numbers; empty is no answer. */
function parseNumber(typed: string): number | null | 'invalid' {
  const t = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : 'invalid';
}

/**
 * The write for a draft, or why it cannot be sent (a number that is not one, an option that
 * is not the question's). An empty value clears the answer (value null, N/A off).
 */
export function bodyOf(
  question: Question,
  draft: AnswerDraft,
): { ok: true; body: AnswerBody } | { ok: false; problem: string } {
  const note = draft.note;
  if (draft.na) {
    if (!question.naAllowed) return { ok: false, problem: t('answer.problem.naNotAllowed') };
    return { ok: true, body: { value: null, na: true, note } };
  }
  let value: AnswerValue | null;
  switch (question.type) {
    case 'number': {
      const n = parseNumber(draft.typed);
      if (n === 'invalid') return { ok: false, problem: t('answer.problem.notNumber') };
      value = n;
      break;
    }
    case 'text':
      value = draft.typed.trim() ? draft.typed : null;
      break;
    case 'multiple_choice':
      value = Array.isArray(draft.value) && draft.value.length > 0 ? draft.value : null;
      break;
    default:
      value = draft.value === null || Array.isArray(draft.value) ? null : draft.value;
  }
  if (value !== null) {
    const problem = valueProblem(question, value);
    if (problem) return { ok: false, problem: t('answer.problem.value', { problem }) };
  }
  return { ok: true, body: { value, na: false, note } };
}

/** Whether two writes say the same (no need to send the second). */
export function sameBody(a: AnswerBody, b: AnswerBody): boolean {
  return a.na === b.na && a.note.trim() === b.note.trim() && sameValue(a.value, b.value);
}

function sameValue(a: AnswerValue | null, b: AnswerValue | null): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  }
  return a === b;
}

/** The stored answer as a write (to compare a draft with). */
export function bodyOfAnswer(answer: Answer | undefined): AnswerBody {
  return { value: answer?.value ?? null, na: answer?.na ?? false, note: answer?.note ?? '' };
}

export const YES_NO_LABELS: Record<string, string> = {
  get yes() {
    return t('answer.yes');
  },
  get partial() {
    return t('answer.partial');
  },
  get no() {
    return t('answer.no');
  },
};

export function maturityLabels(question: Question): readonly string[] {
  return question.type === 'maturity' ? question.levels : DEFAULT_MATURITY_LEVELS;
}

/** An answer's value as a person reads it: "Yes", "3 · Defined", option labels, "12 %". */
export function describeValue(question: Question, value: Answer['value'], na = false): string {
  if (na) return t('answer.na');
  if (value === null || (Array.isArray(value) && value.length === 0)) return t('answer.none');
  switch (question.type) {
    case 'yes_no':
      return YES_NO_LABELS[String(value)] ?? String(value);
    case 'maturity':
      return typeof value === 'number'
        ? `${value} · ${maturityLabels(question)[value] ?? ''}`.trim()
        : String(value);
    case 'single_choice':
      return question.options.find((o) => o.key === value)?.label ?? String(value);
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [String(value)])
        .map((k) => question.options.find((o) => o.key === k)?.label ?? k)
        .join(', ');
    case 'number':
      return question.unit ? `${String(value)} ${question.unit}` : String(value);
    case 'text':
      return String(value);
  }
}

/** How a number question scores: "≥ 0 % → 0 % · ≥ 90 % → 100 %". */
export function bandsText(question: Question): string {
  if (question.type !== 'number') return '';
  const unit = question.unit ? ` ${question.unit}` : '';
  return question.bands.map((b) => `≥ ${b.min}${unit} → ${formatScore(b.score)}`).join(' · ');
}

/**
 * The value a number key chooses, or undefined: 1–3 yes/partial/no, 0–5 a maturity level,
 * 1–9 the options of a single choice.
 */
export function shortcutValue(question: Question, key: string): string | number | undefined {
  if (!/^[0-9]$/.test(key)) return undefined;
  const n = Number(key);
  switch (question.type) {
    case 'yes_no':
      return (['yes', 'partial', 'no'] as const)[n - 1];
    case 'maturity':
      return n <= 5 ? n : undefined;
    case 'single_choice':
      return n >= 1 ? question.options[n - 1]?.key : undefined;
    default:
      return undefined;
  }
}
