import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileCatalogue } from '@tenantry/shared/i18n/compile';
import { LOCALES } from '@tenantry/shared/i18n/locales';
import { describe, expect, it } from 'vitest';
import { areaOf, findLiterals } from './literals.ts';

/**
 * The main app's catalogues (docs/languages.md, "The main app"): every area's English catalogue
 * compiles and is the one its `messages.ts` declares; a translation has exactly its keys and
 * placeholders; a language is in every area or none; every key is used; and no file of an area
 * with a catalogue shows a word that is not in it.
 */
const src = path.join(import.meta.dirname, '..');
const root = path.join(import.meta.dirname, 'catalogues');
const areas = readdirSync(root);
const read = (area: string, file: string) =>
  JSON.parse(readFileSync(path.join(root, area, file), 'utf8')) as Record<string, string>;
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]))].sort();

const sources: string[] = [];
const walk = (dir: string) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name)) sources.push(path.relative(src, p));
  }
};
walk(src);
const byArea = new Map<string, string[]>();
for (const file of sources) {
  const area = areaOf(file);
  if (area) byArea.set(area, [...(byArea.get(area) ?? []), file]);
}
const text = (file: string) => readFileSync(path.join(src, file), 'utf8');

describe('the main app’s catalogues', () => {
  it('name areas of the app', () => {
    for (const area of areas) expect([...byArea.keys()], area).toContain(area);
  });

  it('the main app shows no English label table of the shared package', () => {
    // The shared tables (TASK_STATUS_LABELS, …) are the server's English (CSV, PDF, e-mails);
    // the main app shows them through lib/labels.ts.
    const imports =
      /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@tenantry\/shared(?:\/[^']*)?'/g;
    const found = sources
      .filter((file) => areaOf(file) !== null)
      .flatMap((file) =>
        [...text(file).matchAll(imports)].flatMap((m) =>
          m[1]!
            .split(',')
            .map(
              (name) =>
                name
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(/\s+as\s+/)[0]!,
            )
            .filter((name) => /_LABELS$|_HINTS$|_DESCRIPTIONS$/.test(name))
            .map((name) => `${file}: ${name}`),
        ),
      );
    expect(found).toEqual([]);
  });

  const locales = new Set(areas.flatMap((a) => readdirSync(path.join(root, a))));
  it('each language is in every area or in none', () => {
    for (const file of locales) {
      expect(
        LOCALES.map((l) => `${l}.json`),
        file,
      ).toContain(file);
      for (const area of areas) expect(readdirSync(path.join(root, area)), area).toContain(file);
    }
  });

  for (const area of areas) {
    describe(area, () => {
      const en = read(area, 'en.json');
      const files = byArea.get(area) ?? [];
      it('compiles, and every translation has its keys and placeholders', () => {
        for (const file of readdirSync(path.join(root, area))) {
          const catalogue = read(area, file);
          expect(Object.keys(catalogue).sort(), file).toEqual(Object.keys(en).sort());
          expect(() => compileCatalogue(catalogue, `${area}/${file}`)).not.toThrow();
          for (const [key, message] of Object.entries(catalogue)) {
            expect(message.trim(), `${area}/${file}: ${key}`).not.toBe('');
            expect(placeholders(message), `${area}/${file}: ${key}`).toEqual(
              placeholders(en[key]!),
            );
          }
        }
      });

      it('is declared once, by the area’s own messages module', () => {
        const declaring = sources.filter((f) => text(f).includes(`appMessages('${area}', `));
        expect(declaring).toHaveLength(1);
        expect(areaOf(declaring[0]!)).toBe(area);
      });

      it('has no key the area does not use', () => {
        const code = files.map(text).join('\n');
        const unused = Object.keys(en).filter((key) => {
          if (code.includes(`'${key}'`) || code.includes(`"${key}"`)) return false;
          // A key built from a known prefix: t(`status.${status}`).
          const prefix = key.slice(0, key.lastIndexOf('.') + 1);
          return !(prefix && code.includes(`\`${prefix}\${`));
        });
        expect(unused).toEqual([]);
      });

      it('leaves no word outside the catalogue', () => {
        const left = files.flatMap((file) =>
          findLiterals(file, text(file)).map((l) => `${file}:${l.line} ${l.text}`),
        );
        expect(left).toEqual([]);
      });
    });
  }
});
