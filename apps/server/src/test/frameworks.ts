/**
 * Frameworks the server tests assess: SCORING.md's worked example as a framework file (kept
 * once, in shared, for the e2e journeys too), and the way to publish one as an account's
 * private framework through the API.
 */
import { FRAMEWORK_FORMAT } from '@tenantry/shared';
import { workedExampleDocument } from '@tenantry/shared/test/worked-example';
import type { TestClient } from './app.ts';
import { expectStatus } from './http.ts';

export {
  WORKED_EXAMPLE_ANSWERS,
  workedExampleDocument,
} from '@tenantry/shared/test/worked-example';

/** Imports `doc` as the account's private framework and publishes version 1; its id. */
export async function publishPrivateFramework(
  client: TestClient,
  doc: unknown = workedExampleDocument(),
): Promise<string> {
  const created = await client.post('/api/v1/content/frameworks/import', {
    scope: 'private',
    document: doc,
  });
  await expectStatus(created, 201);
  const fw = (await created.json()) as { id: string; draftRevision: number };
  const published = await client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
    revision: fw.draftRevision,
    releaseNotes: 'First version',
  });
  await expectStatus(published, 200);
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
