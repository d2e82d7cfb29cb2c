/**
 * Frameworks the server tests assess: SCORING.md's worked example as a framework file, and the
 * way to publish one as an account's private framework through the API.
 */
import { FRAMEWORK_FORMAT } from '@tenantry/shared';
import { expect } from 'vitest';
import type { TestClient } from './app.ts';

/** SCORING.md's worked example (sections A and B, questions Q1–Q6), with tags and a target. */
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
export const WORKED_EXAMPLE_ANSWERS: Record<string, { value?: unknown; na?: boolean }> = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'Answered in prose' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};

/** Imports `doc` as the account's private framework and publishes version 1; its id. */
export async function publishPrivateFramework(
  client: TestClient,
  doc: unknown = workedExampleDocument(),
): Promise<string> {
  const created = await client.post('/api/v1/content/frameworks/import', {
    scope: 'private',
    document: doc,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const fw = (await created.json()) as { id: string; draftRevision: number };
  const published = await client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
    revision: fw.draftRevision,
    releaseNotes: 'First version',
  });
  expect(published.status, await published.clone().text()).toBe(200);
  return fw.id;
}

/**
 * The JSON text of a framework file whose sections nest `depth` deep (issue 21: 1,000 and
 * 10,000 deep answered 500), written as text: a value that deep cannot even be stringified
 * (JSON.stringify recurses). The first section too deep is at `tooDeepSectionPath`.
 */
export function deepFrameworkDocumentText(key: string, depth: number): string {
  const open = Array.from(
    { length: depth },
    (_, i) => `{"key":"L${i + 1}","title":"Level ${i + 1}","sections":[`,
  ).join('');
  return `{"format":"${FRAMEWORK_FORMAT}","key":"${key}","name":"Deep","sections":[${open}${']}'.repeat(depth)}]}`;
}

/** Where a file nested deeper than the 8 levels allowed is refused: its 9th level. */
export const tooDeepSectionPath = Array.from({ length: 9 }, () => 'sections[0]').join('.');
