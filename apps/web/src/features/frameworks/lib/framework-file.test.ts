import { describe, expect, it } from 'vitest';
import { fileKey, FRAMEWORK_FILE_MAX_BYTES, readFrameworkFile } from './framework-file.ts';

const file = (text: string, name = 'f.json') => ({
  name,
  size: text.length,
  text: async () => text,
});

describe('framework files', () => {
  it('reads JSON, and says why a file is not one', async () => {
    expect(await readFrameworkFile(file('{"key":"a"}'))).toEqual({
      ok: true,
      document: { key: 'a' },
    });
    const bad = await readFrameworkFile(file('not json', 'notes.txt'));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^notes\.txt is not a JSON file/);
    const big = await readFrameworkFile({
      name: 'big.json',
      size: FRAMEWORK_FILE_MAX_BYTES + 1,
      text: async () => '{}',
    });
    expect(!big.ok && big.message).toMatch(/larger than 10 MB/);
  });

  it('tells the key a file is for', () => {
    expect(fileKey({ key: 'nist' })).toBe('nist');
    expect(fileKey({ key: 3 })).toBeNull();
    expect(fileKey([])).toBeNull();
    expect(fileKey(null)).toBeNull();
  });
});
