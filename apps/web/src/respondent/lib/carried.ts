// carried.ts holds no schema: importing it brings no zod into the page.
import { sameAsCarried } from '@tenantry/shared/carried';
import type { ShownAnswer } from './answers.ts';
import type { CarriedAnswer, CarriedState, Section } from './contract.ts';

/**
 * Last period's answers on the respondent page (docs/assessments.md, "Confirming last period's
 * answers"). A question's state follows what it shows — the queued answer over the server's —
 * so a confirmation made offline shows at once. "Still true" and "Nothing changed here" are
 * answers like any other: queued writes of the carried value, one per question.
 */
export function carriedState(carried: CarriedAnswer, shown: ShownAnswer): CarriedState {
  if (!shown.exists || (shown.value === null && !shown.na)) return 'to_confirm';
  return sameAsCarried(shown, carried) ? 'confirmed' : 'changed';
}

/** The carried answers by question key. */
export function carriedMap(carried: readonly CarriedAnswer[]): Map<string, CarriedAnswer> {
  return new Map(carried.map((c) => [c.questionKey, c]));
}

/** The question keys under a section (its own and its sub-sections'), in reading order. */
export function keysUnder(section: Pick<Section, 'questions' | 'sections'>): string[] {
  const out: string[] = [];
  const walk = (s: Pick<Section, 'questions' | 'sections'>) => {
    for (const q of s.questions) out.push(q.key);
    for (const c of s.sections) walk(c);
  };
  walk(section);
  return out;
}

/** The carried answers under a section still to confirm (what "Nothing changed here" writes). */
export function toConfirmUnder(
  section: Pick<Section, 'questions' | 'sections'>,
  carried: ReadonlyMap<string, CarriedAnswer>,
  answerOf: (key: string) => ShownAnswer,
): CarriedAnswer[] {
  const out: CarriedAnswer[] = [];
  for (const key of keysUnder(section)) {
    const c = carried.get(key);
    if (c && carriedState(c, answerOf(key)) === 'to_confirm') out.push(c);
  }
  return out;
}
