import {
  DEFAULT_MATURITY_LEVELS,
  FRAMEWORK_LIMITS,
  NODE_KEY_PATTERN,
  type ChoiceOption,
  type NumberBand,
  type Question,
  type QuestionTranslation,
  type QuestionType,
  type TranslationLocale,
  type Translations,
} from '@tenantry/shared';
import { t } from '../messages.ts';

type QuestionTranslations = Translations<QuestionTranslation>;

/** What a question of each type asks the respondent for, in the editor's words. */
export const questionTypeHint = (type: QuestionType): string =>
  ({
    yes_no: t('questionType.hint.yesNo'),
    maturity: t('questionType.hint.maturity'),
    single_choice: t('questionType.hint.singleChoice'),
    multiple_choice: t('questionType.hint.multipleChoice'),
    number: t('questionType.hint.number'),
    text: t('questionType.hint.text'),
  })[type];

function defaultOptions(type: 'single_choice' | 'multiple_choice'): ChoiceOption[] {
  return type === 'single_choice'
    ? [
        { key: 'a', label: t('question.option', { letter: 'A' }), score: 1 },
        { key: 'b', label: t('question.option', { letter: 'B' }), score: 0 },
      ]
    : [
        { key: 'a', label: t('question.option', { letter: 'A' }), score: 0.5 },
        { key: 'b', label: t('question.option', { letter: 'B' }), score: 0.5 },
      ];
}

const DEFAULT_BANDS: NumberBand[] = [
  { min: 0, score: 0 },
  { min: 1, score: 1 },
];

/** A new question of `type` with the type's default settings. */
export function newQuestion(key: string, type: QuestionType, title = t('question.new')): Question {
  const common = {
    key,
    title,
    description: '',
    guidance: '',
    weight: 1,
    tags: [],
    naAllowed: false,
    playbooks: [],
  };
  switch (type) {
    case 'maturity':
      return { ...common, type, levels: [...DEFAULT_MATURITY_LEVELS] };
    case 'single_choice':
    case 'multiple_choice':
      return { ...common, type, options: defaultOptions(type) };
    case 'number':
      return { ...common, type, unit: '', bands: DEFAULT_BANDS.map((b) => ({ ...b })) };
    default:
      return { ...common, type };
  }
}

/**
 * The question's translations as another type: its texts stay; the translated option labels
 * only when the options carry over (levels and unit belong to the old type).
 */
function keptTranslations(q: Question, keepOptions: boolean): QuestionTranslations | undefined {
  if (!q.translations) return undefined;
  const out: QuestionTranslations = {};
  for (const [locale, tr] of Object.entries(q.translations) as Array<
    [TranslationLocale, QuestionTranslation]
  >) {
    const { levels: _l, unit: _u, options, ...texts } = tr;
    const kept: QuestionTranslation = keepOptions && options ? { ...texts, options } : texts;
    if (Object.keys(kept).length) out[locale] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The question as another type: what every type has (key, title, guidance, weight, tags,
 * N/A, playbooks, translated texts) stays; choice options carry over between single and
 * multiple choice; the rest starts from the new type's defaults.
 */
export function changeQuestionType(q: Question, type: QuestionType): Question {
  if (q.type === type) return q;
  const fresh = newQuestion(q.key, type, q.title);
  const common = {
    description: q.description,
    guidance: q.guidance,
    weight: q.weight,
    tags: q.tags,
    naAllowed: q.naAllowed,
    playbooks: q.playbooks,
  };
  const choice =
    (fresh.type === 'single_choice' || fresh.type === 'multiple_choice') &&
    (q.type === 'single_choice' || q.type === 'multiple_choice');
  const translations = keptTranslations(q, choice);
  const out: Question =
    choice && 'options' in q
      ? { ...fresh, ...common, options: q.options }
      : { ...fresh, ...common };
  if (translations) (out as { translations?: QuestionTranslations }).translations = translations;
  return out;
}

/** A new option's key: the next free letter (`c`), else `o21`. */
export function nextOptionKey(options: readonly { key: string }[]): string {
  const taken = new Set(options.map((o) => o.key));
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!taken.has(letter)) return letter;
  for (let n = options.length + 1; ; n++) {
    const key = `o${n}`;
    if (!taken.has(key) && NODE_KEY_PATTERN.test(key)) return key;
  }
}

export function newOption(options: readonly ChoiceOption[]): ChoiceOption {
  const key = nextOptionKey(options);
  return { key, label: t('question.option', { letter: key.toUpperCase() }), score: 0 };
}

/** A band above the last one (min + 1, the last score). */
export function newBand(bands: readonly NumberBand[]): NumberBand {
  const last = bands[bands.length - 1];
  if (!last || typeof last.min !== 'number') return { min: 0, score: 0 };
  return { min: last.min + 1, score: typeof last.score === 'number' ? last.score : 0 };
}

export const canAddOption = (options: readonly unknown[]) =>
  options.length < FRAMEWORK_LIMITS.optionsMax;
export const canRemoveOption = (options: readonly unknown[]) =>
  options.length > FRAMEWORK_LIMITS.optionsMin;
export const canAddBand = (bands: readonly unknown[]) => bands.length < FRAMEWORK_LIMITS.bandsMax;
export const canRemoveBand = (bands: readonly unknown[]) => bands.length > 1;

/**
 * A stored fraction (0–1) as the percentage the editor shows (0–100), or '' when it is not a
 * number (an emptied input).
 */
export function toPercent(fraction: unknown): number | '' {
  if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return '';
  return Math.round(fraction * 10_000) / 100;
}

/**
 * A percentage typed in the editor as the fraction stored: 33.3 → 0.333 (at most two decimals
 * of a percent); '' stays '' so the document's check says it must be a number.
 */
export function fromPercent(value: number | string): number | string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return Math.round(value * 100) / 10_000;
}
