/**
 * The framework the worlds' assessments are on: SCORING.md's worked example with a multiple
 * choice question added, so there is a question of every type (the fuzz suite draws answers
 * for each kind; the outsider suite's respondent personas split it by section).
 */
import { workedExampleDocument } from '../frameworks.ts';

/** The question of each kind: the worked example's, and Q7, a multiple choice, added here. */
export const QUESTION_KEYS = {
  yes_no: 'Q1',
  maturity: 'Q2',
  text: 'Q3',
  single_choice: 'Q4',
  /** A yes/no question that may be answered “not applicable”. */
  na_allowed: 'Q5',
  number: 'Q6',
  multiple_choice: 'Q7',
} as const;
export type QuestionKind = keyof typeof QUESTION_KEYS;
/** The option keys of the choice questions. */
export const OPTION_KEYS: Record<string, readonly string[]> = {
  Q4: ['low', 'high'],
  Q7: ['mfa', 'backup', 'logging'],
};
/** The sections: Q1–Q3 are in A, Q4–Q7 in B. */
export const SECTION_KEYS = ['A', 'B'] as const;

/** The worked example with every question type: Q7, a multiple choice, added to section B. */
export function assessmentFrameworkDocument(key: string) {
  const doc = workedExampleDocument(key);
  const q7 = {
    key: QUESTION_KEYS.multiple_choice,
    title: 'Which are in place?',
    type: 'multiple_choice',
    weight: 1,
    options: [
      { key: 'mfa', label: 'MFA', score: 0.5 },
      { key: 'backup', label: 'Backups', score: 0.3 },
      { key: 'logging', label: 'Logging', score: 0.2 },
    ],
  };
  return {
    ...doc,
    sections: doc.sections.map((s) =>
      s.key === 'B' ? { ...s, questions: [...s.questions, q7] } : s,
    ),
  };
}
