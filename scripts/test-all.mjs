#!/usr/bin/env node
// The whole test suite: Vitest (all projects on embedded PGlite; the server project again on
// PostgreSQL when TEST_DATABASE_URL is set), then Playwright against the built app.
// Ends with one line "N passed, N failed" (totals across runners) and a non-zero exit on failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp', 'test-results');
fs.mkdirSync(out, { recursive: true });

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

const only = process.argv[2]; // optional: "unit" or "e2e"
if (only !== 'unit' && !ensureChromium()) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
if (only !== 'e2e') {
  vitest('vitest', [], { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    // The second pass is for drift between the databases: the fuzz suite sends fewer inputs
    // per operation there (its full run is the PGlite pass), unless FUZZ_RUNS says otherwise.
    vitest('vitest-postgres', ['--project', 'server'], {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? '5',
    });
  }
}
if (only !== 'unit') {
  if (run('build web', 'npm', ['run', 'build']) !== 0) broken = true;
  else playwright();
}

if (broken && failed === 0) failed = 1;
if (skipped) console.log(`\n${skipped} skipped`);
// The last line, alone: the totals across Vitest and Playwright.
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
