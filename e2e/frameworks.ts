import type { APIRequestContext, APIResponse } from '@playwright/test';
import { workedExampleDocument } from '@tenantry/shared/test/worked-example';
import { BASE_URL, expect } from './fixtures';

/**
 * Frameworks the end-to-end journeys assess, published through the API: SCORING.md's worked
 * example, the same file the server tests use (packages/shared/src/test/worked-example.ts).
 */
export { workedExampleDocument };

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
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
