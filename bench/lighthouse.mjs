#!/usr/bin/env node
// Lighthouse 12 (mobile, default simulated throttling) on the built app served by the real
// server, with Debian's Chromium: the sign-in page and the respondent page. The bar is a
// performance score of at least 95 on both. Also prints what each page transferred and the
// sizes of the app shell (the entry chunk and its CSS) as gzip and brotli files of the build.
// Usage: node bench/lighthouse.mjs [--runs 3] [--build]   (--build runs `npm run build` first;
//        without it the existing apps/web/dist is used, and built when missing)
// The median of the runs is reported per page (Lighthouse's scores move by a few points).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { opt, root, startServer, stopServer } from './lib.mjs';

const RUNS = Number(opt('runs', 3));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dist = path.join(root, 'apps/web/dist');

if (process.argv.includes('--build') || !fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The entry chunk and stylesheet of index.html, with the sizes of their .gz and .br files. */
function shellSizes() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : NaN);
  return files.map((f) => {
    const full = path.join(dist, f);
    return { file: f, raw: size(full), gzip: size(`${full}.gz`), brotli: size(`${full}.br`) };
  });
}

async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result.lhr;
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const bytes = (type) =>
    requests
      .filter((r) => !type || r.resourceType === type)
      .reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    transfer: bytes(),
    script: bytes('Script'),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-lighthouse-'));
const server = await startServer('lighthouse', { DATABASE_URL: '', DATA_DIR: dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const pages = {
  'sign-in': `${server.base}/signin`,
  respondent: `${server.base}/in-progress/bench-account/bench-tenant?token=bench-token`,
};
const results = {};
try {
  for (const [name, url] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
    const pick = (k) => median(runs.map((r) => r[k]));
    results[name] = {
      score: pick('score'),
      scores: runs.map((r) => r.score),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      si: pick('si'),
      transfer: pick('transfer'),
      script: pick('script'),
    };
  }
} finally {
  await chrome.kill();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n| page | performance (median of ${RUNS}) | runs | FCP | LCP | TBT | CLS | speed index | transferred | of it script |`,
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, r] of Object.entries(results)) {
  console.log(
    `| ${name} | ${r.score} | ${r.scores.join(', ')} | ${Math.round(r.fcp)} ms | ${Math.round(r.lcp)} ms | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.si)} ms | ${kb(r.transfer)} | ${kb(r.script)} |`,
  );
}
const shell = shellSizes();
console.log('\n| app shell file | raw | gzip | brotli |');
console.log('|---|---:|---:|---:|');
for (const f of shell)
  console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
const sum = (k) => shell.reduce((n, f) => n + f[k], 0);
console.log(`| total | ${kb(sum('raw'))} | ${kb(sum('gzip'))} | ${kb(sum('brotli'))} |`);

fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), runs: RUNS, results, shell }, null, 2),
);
const ok = Object.values(results).every((r) => r.score >= 95);
console.log(`\nbar (performance ≥ 95 on both pages): ${ok ? 'met' : 'MISSED'}`);
process.exitCode = ok ? 0 : 1;
