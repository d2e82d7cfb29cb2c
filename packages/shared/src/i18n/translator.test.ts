import { describe, expect, it } from 'vitest';
import { formatBytes } from '../bytes.ts';
import { LOCALES, type Locale } from './locales.ts';
import { translator } from './translator.ts';

const size = (locale: Locale, bytes: number) =>
  translator(locale, {}).fileSize(bytes).replace(/\s/g, ' ');

describe('file sizes', () => {
  it('in each language, binary multiples with the locale’s decimal mark and units', () => {
    const sizes = [1, 512, 2048, 1.5 * 1024 * 1024, 25 * 1024 * 1024];
    const shown = Object.fromEntries(LOCALES.map((l) => [l, sizes.map((b) => size(l, b))]));
    expect(shown).toEqual({
      en: ['1 byte', '512 bytes', '2 kB', '1.5 MB', '25 MB'],
      de: ['1 Byte', '512 Byte', '2 kB', '1,5 MB', '25 MB'],
      fr: ['1 octet', '512 octets', '2 ko', '1,5 Mo', '25 Mo'],
      es: ['1 byte', '512 bytes', '2 kB', '1,5 MB', '25 MB'],
      nl: ['1 byte', '512 byte', '2 kB', '1,5 MB', '25 MB'],
    });
  });

  it('rounds like the English formatBytes', () => {
    for (const bytes of [0, 1024, 10 * 1024 - 1, 3.3 * 1024 ** 3])
      expect(size('en', bytes).replace('kB', 'KB')).toBe(formatBytes(bytes));
  });
});
