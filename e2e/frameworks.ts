import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL, expect } from './fixtures';

/** Frameworks the end-to-end journeys assess, published through the API. */

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** SCORING.md's worked example (apps/server/src/test/frameworks.ts `workedExampleDocument`). */
export function workedExampleDocument(key: string) {
  return {
    format: 'tenantry.framework/1',
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

/** Imports the worked example as the account's private framework and publishes version 1. */
export async function publishWorkedExample(request: APIRequestContext): Promise<string> {
  const fw = await ok<{ id: string; draftRevision: number }>(
    request.post('/api/v1/content/frameworks/import', {
      data: { scope: 'private', document: workedExampleDocument(`worked-${Date.now()}`) },
      headers: origin,
    }),
  );
  await ok(
    request.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      data: { revision: fw.draftRevision, releaseNotes: 'v1' },
      headers: origin,
    }),
  );
  return fw.id;
}
