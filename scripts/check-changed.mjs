#!/usr/bin/env node
// The fast loop (docs/testing.md): ESLint and Prettier on the files changed since `main`
// (committed on this branch or not yet committed), then `vitest related` on them: the tests
// that import what changed. The whole suite stays `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const git = (...args) =>
  spawnSync('git', args, { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const base = git('merge-base', 'HEAD', 'main')[0] ?? 'HEAD';
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => fs.existsSync(f));
const code = changed.filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
if (changed.length === 0) {
  console.log('Nothing changed since main.');
  process.exit(0);
}
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
let status = 0;
if (code.length > 0) status ||= run('npx', ['eslint', '--no-warn-ignored', ...code]);
status ||= run('npx', ['prettier', '--check', '--ignore-unknown', ...changed]);
if (code.length > 0) status ||= run('npx', ['vitest', 'related', '--run', ...code]);
process.exit(status);
