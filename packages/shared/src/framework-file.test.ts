import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FrameworkDocumentSchema } from './frameworks.schemas.ts';

const FILE = fileURLToPath(new URL('../../../docs/schemas/framework.schema.json', import.meta.url));

/** The JSON Schema of the framework file, generated from the one zod schema. */
function generated(): string {
  const schema = z.toJSONSchema(FrameworkDocumentSchema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify(
    {
      ...schema,
      $id: 'https://tenantry.app/schemas/framework.schema.json',
      title: 'Tenantry framework file (tenantry.framework/1)',
      description:
        'A framework: sections nest to any depth, questions are leaves. See docs/content.md. Keys must also be unique across the whole framework, number bands strictly increasing, and targets only on top-level sections (checked on import).',
    },
    null,
    2,
  )}\n`;
}

describe('docs/schemas/framework.schema.json', () => {
  it('is the JSON Schema of the framework file (UPDATE_SCHEMA=1 rewrites it)', () => {
    const want = generated();
    if (process.env.UPDATE_SCHEMA) writeFileSync(FILE, want);
    expect(readFileSync(FILE, 'utf8')).toBe(want);
  });
});
