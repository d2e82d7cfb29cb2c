import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The guest pages' budget (docs/architecture.md, "Quality bars"): at most 87 KB of gzipped
 * JavaScript for everything they load, and none of the main app's shell. The test builds the
 * web app into a temporary folder (a build left in apps/web/dist may be stale), then follows
 * guest.html: its entry script and every chunk that one imports statically. (The same steps
 * as src/respondent/bundle-size.test.ts, for the other page of its own.)
 */

const BUDGET = 87 * 1024;
/** The shared sign-in with its translation (loaded lazily): at most the respondent page's. */
const SHARED_SIGNIN_BUDGET = 120 * 1024;
const web = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'tenantry-guest-build-'));
  execFileSync(
    process.execPath,
    [
      path.join(path.dirname(vitePackageJson()), 'bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: web,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 240_000,
      // Vitest runs with NODE_ENV=test, which would build React's development files.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}, 300_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** vite's package.json, found from the web app (workspaces hoist it to the root). */
function vitePackageJson(): string {
  for (let dir = web; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'node_modules/vite/package.json');
    if (existsSync(pkg)) return pkg;
    if (path.dirname(dir) === dir) throw new Error('vite is not installed');
  }
}

/** A built JS file and every file it imports statically (`import … from "./x.js"`). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g,
  ))
    staticClosure(path.posix.join(path.posix.dirname(file), m[1]!), seen);
  return seen;
}

/** The source files a built file was made from (its source map; none for Rolldown's runtime). */
function sourcesOf(file: string): string[] {
  const map = path.join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** Every script a page loads: its entry, its modulepreloads, and their static imports. */
function pageScripts(html: string): string[] {
  const files = new Set<string>();
  for (const m of readFileSync(path.join(dist, html), 'utf8').matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g,
  ))
    staticClosure(m[1]!, files);
  return [...files];
}

describe('the guest pages bundle', () => {
  it('loads at most 87 KB of gzipped JavaScript', () => {
    const scripts = pageScripts('guest.html');
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((f) => ({
      file: f,
      gzip: gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length,
    }));
    const total = sizes.reduce((n, s) => n + s.gzip, 0);
    const report = sizes.map((s) => `${s.file}: ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
    console.info(`guest pages: ${(total / 1024).toFixed(1)} KB gzipped JS (${report})`);
    expect(total, report).toBeLessThanOrEqual(BUDGET);
  });

  it('the shared sign-in adds its translation lazily: its chunk, the runtime and one catalogue', () => {
    const entry = new Set(pageScripts('guest.html'));
    const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const chunkOf = (source: RegExp) =>
      all.map((f) => `assets/${f}`).find((f) => sourcesOf(f).some((s) => source.test(s)));
    const page = chunkOf(/guest\/screens\/SharedSignInPage\.tsx$/);
    // The German catalogue (compiled JSON, without a source map): the chunk that says it.
    const catalogue = all
      .map((f) => `assets/${f}`)
      .find((f) => readFileSync(path.join(dist, f), 'utf8').includes('Geteilte Anmeldung'));
    expect(page, 'the shared sign-in page is a chunk of its own').toBeDefined();
    expect(catalogue, 'each locale is a chunk of its own').toBeDefined();
    // The guest entry loads none of it: the provider's own guest pages stay as they were.
    expect([...entry].filter((f) => f === page || f === catalogue)).toEqual([]);
    const gz = (f: string) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
    const lazy = [...staticClosure(page!)].filter((f) => !entry.has(f));
    const extra = lazy.reduce((n, f) => n + gz(f), 0) + gz(catalogue!);
    const total = [...entry].reduce((n, f) => n + gz(f), 0) + extra;
    console.info(
      `shared sign-in: ${(total / 1024).toFixed(1)} KB gzipped JS, of which lazily ${(extra / 1024).toFixed(1)} KB (${[...lazy, catalogue].map((f) => `${f}: ${(gz(f!) / 1024).toFixed(1)} KB`).join(', ')})`,
    );
    // The respondent page's budget, for the other translated page of its own.
    expect(total).toBeLessThanOrEqual(SHARED_SIGNIN_BUDGET);
  });

  it('does not load the main app: no Mantine, router, TanStack Query, zod or Better Auth client', () => {
    const sources = pageScripts('guest.html').flatMap(sourcesOf);
    expect(sources.length).toBeGreaterThan(0);
    const forbidden = sources.filter(
      (s) =>
        /node_modules\/(?:@mantine|react-router|@tanstack|@uiw|react-markdown|recharts|better-auth|zod|@tabler)\//.test(
          s,
        ) ||
        /apps\/web\/src\/(?:components|respondent)\/|apps\/web\/src\/app\/(?!guards\.ts$)/.test(s),
    );
    expect(forbidden).toEqual([]);
    // The main app's page and the respondent page load none of the guest pages' own code.
    for (const html of ['index.html', 'in-progress.html']) {
      const sourcesOfPage = pageScripts(html).flatMap(sourcesOf);
      expect(sourcesOfPage.filter((s) => s.includes('src/guest/'))).toEqual([]);
    }
  });

  it('keeps the config placeholder for the server, and its own stylesheet only', () => {
    const html = readFileSync(path.join(dist, 'guest.html'), 'utf8');
    expect(html).toContain('<!--tenantry-config-->');
    const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)];
    expect(css).toHaveLength(1);
    // No web font: the pages use the system's.
    expect(html).not.toMatch(/as="font"/);
  });
});
