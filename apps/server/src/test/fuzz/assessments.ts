/**
 * Body fields of the assessment routes that must fit the world's objects (FuzzOperation
 * `fields`), which the document cannot say.
 *
 * Answers to the world's questions (../world/frameworks.ts `QUESTION_KEYS`). The document
 * only says "a string, a number or a list of strings", so values from it almost never fit the
 * question the path names and the write path behind `valueProblem` would hardly be reached.
 * Here: values that fit the question, and the near misses the issue names — the wrong type
 * for the question, a maturity out of range (6, -1, 2.5), option keys it does not have, a
 * repeated option, blank text, notes (> 5,000 characters) and texts (> 10,000) past their
 * limits, "not applicable" where it is not allowed.
 */
import { ASSESSMENT_LIMITS } from '@tenantry/shared';
import fc from 'fast-check';
import { plausibleText } from './arbitraries.ts';
import { OPTION_KEYS, QUESTION_KEYS, type QuestionKind } from '../world/frameworks.ts';
import type { FuzzIds } from './world.ts';

const single = OPTION_KEYS[QUESTION_KEYS.single_choice] ?? [];
const multiple = OPTION_KEYS[QUESTION_KEYS.multiple_choice] ?? [];

/** `n` UTF-16 units or a few more of `piece` (never cut inside a surrogate pair). */
const repeated = (piece: string, n: number) => piece.repeat(Math.ceil(n / piece.length));

/** Text of at least `min` units, made of a storable piece (so its length is what is refused). */
const longText = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom('x', 'é', '😀', ' ', 'a\n'), fc.integer({ min, max }))
    .map(([piece, n]) => repeated(piece, n));

const yesNo = fc.constantFrom('yes', 'partial', 'no');

/** Values that fit a question of each kind. */
const FITTING: Record<QuestionKind, fc.Arbitrary<unknown>> = {
  yes_no: yesNo,
  na_allowed: yesNo,
  maturity: fc.integer({ min: 0, max: 5 }),
  single_choice: fc.constantFrom(...single),
  multiple_choice: fc.shuffledSubarray([...multiple]),
  number: fc.oneof(
    fc.integer({ min: -100, max: 100 }),
    fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-1e12, 1e12),
  ),
  text: fc.oneof(
    { weight: 5, arbitrary: plausibleText(1, 200) },
    // Exactly at the limit (and with the spaces around it a text answer loses).
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'x'.repeat(ASSESSMENT_LIMITS.text),
        ` ${'x'.repeat(ASSESSMENT_LIMITS.text - 2)} `,
      ),
    },
  ),
};

/** Values of the right JSON type for the route that do not fit a question of each kind. */
const NEAR_MISSES: Record<QuestionKind, fc.Arbitrary<unknown>> = {
  yes_no: fc.constantFrom('YES', 'Yes', 'maybe', ' yes', '', 'na', 1, 0, ['yes']),
  na_allowed: fc.constantFrom('n/a', 'N/A', 'not applicable', '', 0.5, ['no']),
  maturity: fc.constantFrom(6, -1, 2.5, 5.000001, -0.5, 1e12, -1e12, '3', 'high', [3], ['3']),
  single_choice: fc.oneof(
    fc.constantFrom('LOW', 'medium', '', ' low', 'low ', 'mfa', 0, 0.25, ['low'], ['low', 'high']),
    plausibleText(1, 20),
  ),
  multiple_choice: fc.oneof(
    fc.constantFrom(['mfa', 'mfa'], ['mfa', 'nope'], ['MFA'], [''], ['low'], 'mfa', '', 1, [
      'mfa',
      'backup',
      'logging',
      'mfa',
    ]),
    // Unknown keys, up to the schema's limit of 20 and one past it.
    fc.array(plausibleText(1, 12), { minLength: 1, maxLength: ASSESSMENT_LIMITS.choices + 1 }),
    fc
      .constantFrom(ASSESSMENT_LIMITS.choices, ASSESSMENT_LIMITS.choices + 1)
      .map((n) => Array.from({ length: n }, (_, i) => multiple[i % multiple.length])),
  ),
  number: fc.constantFrom('10', '1e3', '', 'NaN', 'Infinity', ['10'], [], 1e12 + 1, -1e12 - 1),
  text: fc.oneof(
    fc.constantFrom('', ' ', '   ', '\t\n', '\u00a0', 42, 0, ['text'], []),
    // Past the limit.
    longText(ASSESSMENT_LIMITS.text + 1, 60_000),
  ),
};

const KIND_OF = new Map<string, QuestionKind>(
  Object.entries(QUESTION_KEYS).map(([kind, key]) => [key, kind as QuestionKind]),
);
const anyFitting = fc.oneof(...Object.values(FITTING));

/** Not of any type the value may have. */
const wrongJsonType = fc.constantFrom(true, false, {}, { value: 'yes' }, [1, 2], [null], [['mfa']]);

/** The value of an answer to `questionKey` (undefined: left out, so it clears the answer). */
function answerValue(questionKey: string): fc.Arbitrary<unknown> {
  const kind = KIND_OF.get(questionKey);
  if (!kind) return anyFitting;
  return fc.oneof(
    { weight: 6, arbitrary: FITTING[kind] },
    { weight: 5, arbitrary: NEAR_MISSES[kind] },
    { weight: 2, arbitrary: anyFitting },
    { weight: 1, arbitrary: wrongJsonType },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  );
}

const note: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: plausibleText(0, 80) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(ASSESSMENT_LIMITS.note, ASSESSMENT_LIMITS.note + 1)
      .map((n) => 'n'.repeat(n)),
  },
  { weight: 1, arbitrary: longText(ASSESSMENT_LIMITS.note + 1, 200_000) },
);

/** Body fields of a write of the answer to `questionKey` (see FuzzOperation.fields). */
export function answerFields(questionKey: string): Record<string, fc.Arbitrary<unknown>> {
  return {
    value: answerValue(questionKey),
    na: fc.oneof(
      { weight: 5, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: fc.constant(false) },
      { weight: 2, arbitrary: fc.constant(true) },
    ),
    note,
  };
}

/**
 * Body fields of a new assessment: the world's published frameworks (v1; v2 does not exist),
 * an owner who is a member (or not), a scope of its real sections or tags (or one that holds
 * no question), targets of its top-level sections (or of a question, which is refused).
 * Mostly what is accepted, so the write is reached.
 */
export function newAssessmentFields(ids: FuzzIds): Record<string, fc.Arbitrary<unknown>> {
  const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: bad });
  return {
    frameworkId: mostly(fc.constant(ids.assessmentFrameworkId), fc.constant(ids.frameworkId)),
    version: mostly(fc.constant(1), fc.constant(2)),
    ownerId: fc.option(mostly(fc.constantFrom(ids.ownerUserId, ids.memberUserId), fc.uuid()), {
      nil: undefined,
    }),
    scope: fc.option(
      fc.record({
        sections: fc.option(
          mostly<unknown>(
            fc.subarray([...ids.sectionKeys], { minLength: 1 }),
            fc.constantFrom(['Z'], ['A', 'A'], [QUESTION_KEYS.yes_no]),
          ),
          { nil: null },
        ),
        tags: fc.option(
          mostly<unknown>(fc.constantFrom(['ig1'], [' IG1 ']), fc.constant(['nothing'])),
          {
            nil: null,
          },
        ),
      }),
      { nil: undefined },
    ),
    targets: fc.option(
      fc.dictionary(
        mostly<string>(fc.constantFrom(...ids.sectionKeys), fc.constant(QUESTION_KEYS.yes_no)),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        { maxKeys: 2 },
      ),
      { nil: undefined },
    ),
  };
}
