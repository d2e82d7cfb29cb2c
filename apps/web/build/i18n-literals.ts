/**
 * Lists the words a main-app file shows outside its area's catalogue (docs/languages.md, "The
 * main app"): `npx tsx apps/web/build/i18n-literals.ts [folder or file…]` (default: all of
 * apps/web/src), one `file:line text` each, then a count per area.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { areaOf, findLiterals } from '../src/i18n/literals.ts';

const src = path.resolve(import.meta.dirname, '../src');
const args = process.argv.slice(2);
const files: string[] = [];
const walk = (p: string) => {
  if (statSync(p).isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
  else if (/\.tsx?$/.test(p)) files.push(p);
};
for (const arg of args.length ? args : [src]) walk(path.resolve(arg));
const perArea = new Map<string, number>();
for (const file of files.sort()) {
  const rel = path.relative(src, file);
  const area = areaOf(rel);
  if (!area) continue;
  for (const l of findLiterals(rel, readFileSync(file, 'utf8'))) {
    console.log(`${path.relative(process.cwd(), file)}:${l.line} ${l.text}`);
    perArea.set(area, (perArea.get(area) ?? 0) + 1);
  }
}
const total = [...perArea.values()].reduce((a, b) => a + b, 0);
for (const [area, n] of [...perArea].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${area}`);
console.log(`${total} words outside a catalogue`);
