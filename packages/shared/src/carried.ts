/**
 * Whether an answer is its carried answer (docs/assessments.md, "Confirming last period's
 * answers"): the same value (options in any order) and N/A; the note does not count. No zod, so
 * the respondent page may import it.
 */
export function sameAsCarried(
  answer: { value: unknown; na: boolean },
  carried: { value: unknown; na: boolean },
): boolean {
  if (answer.na !== carried.na) return false;
  if (answer.na) return true;
  return canonical(answer.value) === canonical(carried.value);
}

const canonical = (v: unknown): string =>
  JSON.stringify(Array.isArray(v) ? [...(v as string[])].sort() : (v ?? null));
