import {
  readableValue,
  sameAsCarried,
  type Answer,
  type CarriedAnswer,
  type CarriedState,
  type Question,
} from '@tenantry/shared';
import type { QuestionEntry } from './questions.ts';
import { t } from '../messages.ts';

/**
 * Last period's answers on the assessor's screen (docs/assessments.md, "Confirming last
 * period's answers"): each question's state against its carried answer, from the answers on
 * screen (so a write just made shows at once), and what is left to confirm per section.
 */
export interface CarriedView {
  carried: CarriedAnswer;
  state: CarriedState;
}

export function carriedViews(
  carried: readonly CarriedAnswer[],
  answers: ReadonlyMap<string, Answer>,
): Map<string, CarriedView> {
  const out = new Map<string, CarriedView>();
  for (const c of carried) {
    const a = answers.get(c.questionKey);
    const state: CarriedState = !a ? 'to_confirm' : sameAsCarried(a, c) ? 'confirmed' : 'changed';
    out.set(c.questionKey, { carried: c, state });
  }
  return out;
}

/** The question keys still to confirm. */
export function toConfirmKeys(views: ReadonlyMap<string, CarriedView>): Set<string> {
  const keys = new Set<string>();
  for (const [key, v] of views) if (v.state === 'to_confirm') keys.add(key);
  return keys;
}

/** Per section key (at any depth), how many questions under it are still to confirm. */
export function toConfirmBySection(
  order: readonly QuestionEntry[],
  toConfirm: ReadonlySet<string>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of order) {
    if (!toConfirm.has(e.question.key)) continue;
    for (const k of e.sectionKeys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** Last period's answer as a person reads it ("2 – Repeatable", "Not applicable"). */
export function carriedText(question: Question, carried: Pick<CarriedAnswer, 'value' | 'na'>) {
  if (carried.na) return t('answer.na');
  return readableValue(question, carried.value) || t('answer.none');
}

/** What "Nothing changed here" did, in a sentence. */
export function confirmSummary(confirmed: number, skipped: number): string {
  const done =
    confirmed === 0 ? t('confirm.nothingLeft') : t('confirm.confirmed', { count: confirmed });
  if (skipped === 0) return done;
  return `${done} ${t('confirm.skipped', { count: skipped })}`;
}
