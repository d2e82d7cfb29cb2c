/**
 * SCORING.md's worked example as a framework file, and its answers: test data for the shared
 * scoring tests, the server tests (apps/server/src/test/frameworks.ts) and the end-to-end
 * journeys (e2e/frameworks.ts). One copy, so a change to the example reaches all three. Not
 * exported from the package's index: only tests import it.
 */
import { FRAMEWORK_FORMAT } from '../frameworks.schemas.ts';
import type { ScoredAnswer } from '../scoring.ts';

/** The worked example (sections A and B, questions Q1–Q6), with tags and a target. */
export function workedExampleDocument(key = 'worked-example') {
  return {
    format: FRAMEWORK_FORMAT,
    key,
    name: 'Worked example',
    summary: 'The scoring model’s worked example',
    sections: [
      {
        key: 'A',
        title: 'Section A',
        weight: 2,
        target: 0.8,
        questions: [
          { key: 'Q1', title: 'Is it done?', type: 'yes_no', weight: 1, tags: ['ig1'] },
          { key: 'Q2', title: 'How mature?', type: 'maturity', weight: 3 },
          { key: 'Q3', title: 'Describe it', type: 'text' },
        ],
        sections: [],
      },
      {
        key: 'B',
        title: 'Section B',
        weight: 1,
        questions: [
          {
            key: 'Q4',
            title: 'Which one?',
            type: 'single_choice',
            weight: 1,
            tags: ['ig1'],
            options: [
              { key: 'low', label: 'Low', score: 0.25 },
              { key: 'high', label: 'High', score: 1 },
            ],
          },
          { key: 'Q5', title: 'Applies?', type: 'yes_no', naAllowed: true },
          {
            key: 'Q6',
            title: 'How many?',
            type: 'number',
            weight: 1,
            unit: 'days',
            bands: [
              { min: 0, score: 0 },
              { min: 10, score: 0.5 },
              { min: 20, score: 1 },
            ],
          },
        ],
        sections: [],
      },
    ],
  };
}

/** The answers of the worked example: 55 %, 38 %, overall 49 %, completion 100 %. */
export const WORKED_EXAMPLE_ANSWERS: Record<string, ScoredAnswer> = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'Answered in prose' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};
