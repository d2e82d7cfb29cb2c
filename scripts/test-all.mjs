#!/usr/bin/env node
// The whole test suite: Vitest (every project once: the server project on PostgreSQL when
// TEST_DATABASE_URL is set, otherwise on embedded PGlite; with PostgreSQL, a PGlite drift set
// besides), with PostgreSQL the short soak (bench/soak.mjs --short: three servers behind
// HAProxy, one killed, one drained; each of its checks counts as a test), then Playwright
// against the built app. Prints the slowest test files, fails a file
// over its time budget, and ends with one line "N passed, N failed" (totals across runners)
// and a non-zero exit on failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { measureSlowness } from './slowness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp', 'test-results');
fs.mkdirSync(out, { recursive: true });

/** Seconds per file, from every runner's report: the slowest are printed at the end. */
const fileSeconds = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(label, args, env) {
  const file = path.join(out, `${label}.json`);
  fs.rmSync(file, { force: true });
  const status = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`, ...args],
    env,
  );
  const r = readJson(file);
  if (!r) {
    console.error(`${label}: no report was written`);
    broken = true;
    return;
  }
  for (const f of r.testResults ?? []) {
    fileSeconds.push({
      file: `${label}: ${path.relative(root, f.name)}`,
      seconds: (f.endTime - f.startTime) / 1000,
    });
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (status !== 0 && r.numFailedTests === 0) {
    console.error(`${label}: runner exited ${status}`);
    broken = true;
  }
}

function playwright() {
  const file = path.join(out, 'playwright.json');
  fs.rmSync(file, { force: true });
  const status = run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const r = readJson(file);
  if (!r) {
    console.error('playwright: no report was written');
    broken = true;
    return;
  }
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  // Playwright runs a file's tests on two workers: the figure is the sum of its tests' times.
  for (const [file, seconds] of perFile) fileSeconds.push({ file: `playwright: ${file}`, seconds });
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
  if (status !== 0 && r.stats.unexpected === 0) {
    console.error(`playwright: runner exited ${status}`);
    broken = true;
  }
}

/**
 * The browser tests drive Debian's Chromium (Playwright never downloads one here). When it is
 * missing, install it if this process may (root with apt-get); otherwise stop at once with the
 * one command that does it.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  const install = 'apt-get update && apt-get install -y chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt || process.env.TENANTRY_NO_INSTALL === '1') {
    console.error(
      `Chromium is missing at ${chromium}: run \`sudo sh -c '${install}'\` and try again.`,
    );
    return false;
  }
  console.log(`\n▶ Chromium is missing at ${chromium}: installing Debian's chromium (${install})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status ===
      0;
  if (!ok || !fs.existsSync(chromium)) {
    console.error(`Could not install Chromium: run \`${install}\` as root and try again.`);
    return false;
  }
  return true;
}

/**
 * The soak drives Debian's HAProxy. When it is missing, install it if this process may (root
 * with apt-get, as for Chromium); otherwise the soak is skipped with the command that does it.
 */
function ensureHaproxy() {
  const has = () => spawnSync('sh', ['-c', 'command -v haproxy'], { stdio: 'ignore' }).status === 0;
  if (has()) return true;
  const install = 'apt-get update && apt-get install -y haproxy';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt || process.env.TENANTRY_NO_INSTALL === '1') {
    console.log(`\nHAProxy is missing: the soak is skipped (run \`sudo sh -c '${install}'\`).`);
    return false;
  }
  console.log(`\n▶ HAProxy is missing: installing Debian's haproxy (${install})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env }).status ===
      0;
  if (!ok || !has()) {
    console.log(`Could not install HAProxy: the soak is skipped (run \`${install}\` as root).`);
    return false;
  }
  return true;
}

/**
 * The short soak (bench/soak.mjs --short) on the PostgreSQL server of TEST_DATABASE_URL: each
 * of its checks is a test. It exits 2 when it cannot run (then it is one skipped test).
 */
function soak(pg) {
  if (!pg) {
    console.log('\nNo PostgreSQL (TEST_DATABASE_URL): the soak is skipped.');
    skipped += 1;
    return;
  }
  if (!ensureHaproxy()) {
    skipped += 1;
    return;
  }
  const file = path.join(root, '.tmp', 'soak.json');
  const once = () => {
    fs.rmSync(file, { force: true });
    const started = Date.now();
    const code = run('soak', 'node', ['bench/soak.mjs', '--short'], { BENCH_PG_URL: pg });
    fileSeconds.push({
      file: 'soak: bench/soak.mjs --short',
      seconds: (Date.now() - started) / 1000,
    });
    return code;
  };
  let status = once();
  // In CI a failed soak runs once more, as a failed browser test does (playwright.config.ts,
  // `retries`): the first run's failed checks are printed and its report kept beside.
  if (process.env.CI && status === 1) {
    const first = readJson(file);
    const failing = (first?.checks ?? []).filter((c) => !c.ok).map((c) => c.check);
    fs.copyFileSync(file, path.join(root, '.tmp', 'soak-first-run.json'));
    console.error(`soak: failed on its first run (${failing.join('; ')}); running it again`);
    status = once();
    if (status === 0) console.error('soak: flaky (passed on its second run)');
  }
  if (status === 2) {
    skipped += 1;
    return;
  }
  const r = readJson(file);
  if (!r?.checks?.length) {
    console.error(`soak: exited ${status} without a report`);
    failed += 1;
    return;
  }
  passed += r.checks.filter((c) => c.ok).length;
  failed += r.checks.filter((c) => !c.ok).length;
  if (status !== 0 && r.checks.every((c) => c.ok)) {
    console.error(`soak: exited ${status}`);
    broken = true;
  }
}

/** Sampled before each runner and at the end: the budget follows the most loaded moment. */
const slownessSamples = [];
const sampleSlowness = () => slownessSamples.push(measureSlowness());

const only = process.argv[2]; // optional: "unit", "soak" or "e2e"
if (only !== 'unit' && only !== 'soak' && !ensureChromium()) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
/**
 * What runs on PGlite too when the server suite runs on PostgreSQL (drift between the two
 * databases): the database layer, jobs, live events, the answer write, the fuzz suite's
 * examples, and a happy path per module (the outsider suite's controls: a read and a write of
 * each of its case files).
 */
const PGLITE_DRIFT_FILES = [
  'apps/server/src/db/',
  'apps/server/src/lib/jobs/',
  'apps/server/src/modules/assessments/assessments.test.ts',
  'apps/server/src/test/fuzz/examples.test.ts',
];

if (only !== 'e2e' && only !== 'soak') {
  sampleSlowness();
  const pg = process.env.TEST_DATABASE_URL || '';
  // Each test once: the server project on PostgreSQL (production's database) when one is
  // reachable, otherwise on PGlite, as on a newcomer's machine.
  vitest(pg ? 'vitest (server on PostgreSQL)' : 'vitest', [], { TEST_DATABASE_URL: pg });
  if (pg) {
    vitest('pglite drift', ['--project', 'server', ...PGLITE_DRIFT_FILES], {
      TEST_DATABASE_URL: '',
    });
    vitest(
      'pglite drift: a happy path per module',
      ['--project', 'server', 'apps/server/src/test/outsider/outsider', '-t', 'controls'],
      { TEST_DATABASE_URL: '', OUTSIDER_CONTROLS: 'per-module' },
    );
  }
}
if (only === undefined || only === 'soak') {
  sampleSlowness();
  soak(process.env.TEST_DATABASE_URL || '');
}
if (only !== 'unit' && only !== 'soak') {
  sampleSlowness();
  if (run('build web', 'npm', ['run', 'build']) !== 0) broken = true;
  else playwright();
}

if (fileSeconds.length > 0) {
  sampleSlowness();
  const factor = Math.max(...slownessSamples);
  const budget = Number(process.env.TEST_FILE_BUDGET_S ?? 300) * factor;
  const slowest = [...fileSeconds].sort((a, b) => b.seconds - a.seconds);
  console.log(
    `\nThe 15 slowest test files (seconds; budget ${budget.toFixed(0)} s a file, slowness ×${factor.toFixed(2)}):`,
  );
  for (const f of slowest.slice(0, 15)) {
    console.log(`  ${f.seconds.toFixed(1).padStart(7)}  ${f.file}`);
  }
  const over = slowest.filter((f) => f.seconds > budget);
  for (const f of over) {
    console.error(
      `${f.file} took ${f.seconds.toFixed(0)} s, over the ${budget.toFixed(0)} s budget of a file: split it or make it faster`,
    );
  }
  failed += over.length;
}

if (broken && failed === 0) failed = 1;
if (skipped) console.log(`\n${skipped} skipped`);
// The last line, alone: the totals across Vitest and Playwright.
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
