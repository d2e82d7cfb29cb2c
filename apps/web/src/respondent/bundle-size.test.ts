import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The respondent page's budget (docs/architecture.md, "Quality bars"): at most 120 KB of gzipped
 * JavaScript for everything it loads, and none of the main app's shell. The test builds the web
 * app into a temporary folder (this suite runs before `npm test` builds for the browser tests,
 * and a build left in apps/web/dist may be stale), then follows in-progress.html: its entry
 * script and every chunk that one imports statically.
 */

const BUDGET = 120 * 1024;
const web = path.resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'tenantry-respondent-build-'));
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

function pageScripts(): string[] {
  const html = readFileSync(path.join(dist, 'in-progress.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g,
  ))
    staticClosure(m[1]!, files);
  return [...files];
}

describe('the respondent page bundle', () => {
  it('loads at most 120 KB of gzipped JavaScript', () => {
    const scripts = pageScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((f) => ({
      file: f,
      gzip: gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length,
    }));
    const total = sizes.reduce((n, s) => n + s.gzip, 0);
    const report = sizes.map((s) => `${s.file}: ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
    console.info(`respondent page: ${(total / 1024).toFixed(1)} KB gzipped JS (${report})`);
    expect(total, report).toBeLessThanOrEqual(BUDGET);
  });

  it('does not load the main app: no Mantine, router, TanStack Query, markdown editor or charts', () => {
    const sources = pageScripts().flatMap(sourcesOf);
    expect(sources.length).toBeGreaterThan(0);
    const forbidden = sources.filter((s) =>
      /node_modules\/(?:@mantine|react-router|@tanstack|@uiw|react-markdown|recharts|better-auth|zod)\/|apps\/web\/src\/(?:app|features|components|lib)\//.test(
        s,
      ),
    );
    expect(forbidden).toEqual([]);
    // The main app's page does not load the respondent page's code either.
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(index)![1]!;
    const mainSources = [...staticClosure(entry)].flatMap(sourcesOf);
    expect(mainSources.filter((s) => s.includes('src/respondent/'))).toEqual([]);
  });

  it('has a service worker that precaches exactly what the page loads', () => {
    const sw = readFileSync(path.join(dist, 'in-progress-sw.js'), 'utf8');
    const precache = JSON.parse(/const __SW_PRECACHE__ = (\[.*?\]);/.exec(sw)![1]!) as string[];
    for (const f of pageScripts()) expect(precache).toContain(`/${f}`);
    expect(precache).toContain('/in-progress.html');
    expect(precache.filter((f) => f.endsWith('.css'))).toHaveLength(1);
    expect(sw).not.toMatch(/\bexport\b|\bimport\b/);
  });
});
