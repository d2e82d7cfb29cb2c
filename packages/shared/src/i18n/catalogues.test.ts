import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile.ts';
import { LOCALES } from './locales.ts';

/**
 * Every catalogue (i18n/catalogues/<name>/<locale>.json) exists in every locale with exactly the
 * English catalogue's keys, each message parses, and a translation keeps the placeholders of
 * the English message (a missing `{name}` would drop a name from the page or an e-mail).
 */
const root = path.join(import.meta.dirname, 'catalogues');
const names = readdirSync(root);
const read = (name: string, locale: string) =>
  JSON.parse(readFileSync(path.join(root, name, `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('the catalogues', () => {
  it('are there', () => {
    expect(names).toEqual(expect.arrayContaining(['emails', 'guest', 'respondent']));
  });

  for (const name of names) {
    describe(name, () => {
      const en = read(name, 'en');
      it('has only the five locales', () => {
        expect(readdirSync(path.join(root, name)).sort()).toEqual(
          LOCALES.map((l) => `${l}.json`).sort(),
        );
      });
      for (const locale of LOCALES) {
        it(`${locale}: every key, no other, each message compiles with the same placeholders`, () => {
          const catalogue = read(name, locale);
          expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
          expect(() => compileCatalogue(catalogue, `${name}/${locale}`)).not.toThrow();
          for (const [key, message] of Object.entries(catalogue)) {
            expect(message.trim(), `${name}/${locale}: ${key}`).not.toBe('');
            expect(placeholders(message), `${name}/${locale}: ${key}`).toEqual(
              placeholders(en[key]!),
            );
          }
        });
      }
    });
  }
});
