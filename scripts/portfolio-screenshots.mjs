#!/usr/bin/env node
// Screenshots of the portfolio and its neighbours at 1280 px and 375 px (docs/portfolio.md,
// "Screenshots"), with the demo data a fresh server creates (docs: DEMO_DATA): three client
// tenants on two shipped frameworks, each with a baseline, a newer assessment and open tasks,
// and two more clients assessed here on the MSP hygiene check, so the table has a spread.
// Build first (`npm run build`); then
//   E2E_PORT=4333 node scripts/portfolio-screenshots.mjs [--out docs/screenshots]
// starts the built server on a fresh embedded database, takes the shots and stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const outArg = process.argv.indexOf('--out');
const out = path.resolve(root, outArg > 0 ? process.argv[outArg + 1] : 'docs/screenshots');
const port = Number(process.env.E2E_PORT ?? 4333);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-shots-'));
const DEMO = { email: 'demo@tenantry.local', password: 'tenantry-demo' };

const server = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: base,
    APP_ENV: 'test',
    DEMO_DATA: 'true',
    AUTH_RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function ok(res) {
  const r = await res;
  if (!r.ok()) throw new Error(`${r.url()}: ${r.status()} ${await r.text()}`);
  return r.json();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await waitUp();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const headers = { origin: base };
  await ok(
    page.request.post(`${base}/api/auth/sign-in/email`, {
      data: { email: DEMO.email, password: DEMO.password },
      headers,
    }),
  );
  // Two more clients on the MSP hygiene check, answered at two levels.
  const library = await ok(page.request.get(`${base}/api/v1/library/frameworks?limit=100`));
  const msp = library.items.find((f) => f.key === 'msp-essentials');
  const doc = await ok(page.request.get(`${base}/api/v1/library/frameworks/${msp.id}`));
  const questions = [];
  const walk = (sections) => {
    for (const s of sections ?? []) {
      questions.push(...(s.questions ?? []));
      walk(s.sections);
    }
  };
  walk(doc.document.sections);
  const answerOf = (q, good) => {
    if (q.type === 'yes_no') return good ? 'yes' : 'no';
    if (q.type === 'maturity') return good ? 4 : 1;
    if (q.type === 'single_choice') {
      const sorted = [...q.options].sort((a, b) => a.score - b.score);
      return (good ? sorted.at(-1) : sorted[0]).key;
    }
    if (q.type === 'multiple_choice')
      return q.options.slice(0, good ? q.options.length : 1).map((o) => o.key);
    if (q.type === 'number') return (good ? q.bands.at(-1) : q.bands[0])?.min ?? 0;
    return 'Described in the workshop.';
  };
  for (const [name, tags, goodShare] of [
    ['Northwind Legal', ['priority'], 0.3],
    ['Fabrikam Dental', ['hipaa'], 0.85],
  ]) {
    const tenant = await ok(
      page.request.post(`${base}/api/v1/tenants`, { data: { name, tags }, headers }),
    );
    const at = `${base}/api/v1/tenants/${tenant.id}/assessments`;
    const a = await ok(
      page.request.post(at, {
        data: { frameworkId: msp.id, version: msp.latestVersion, name: 'Quarterly hygiene check' },
        headers,
      }),
    );
    for (const [i, q] of questions.entries()) {
      const good = ((i * 37) % 100) / 100 < goodShare;
      await ok(
        page.request.put(`${at}/${a.id}/answers/${q.key}`, {
          data: { value: answerOf(q, good) },
          headers,
        }),
      );
    }
    await ok(page.request.post(`${at}/${a.id}/complete`, { data: {}, headers }));
  }
  if (!questions.length) console.warn('no questions found for the MSP hygiene check');

  const shoot = async (name, url, ready) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
      await page.goto(`${base}${url}`);
      await ready();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
      console.log(`  ${name}-${width}.png`);
    }
  };
  fs.mkdirSync(out, { recursive: true });

  await shoot('portfolio', '/tenant?view=posture&sort=score', () =>
    page.getByRole('table', { name: 'Client posture' }).getByRole('row').nth(5).waitFor(),
  );
  const tenants = await ok(page.request.get(`${base}/api/v1/tenants?limit=100`));
  const acme = tenants.tenants.find((t) => t.name === 'Acme Manufacturing');
  const blue = tenants.tenants.find((t) => t.name === 'Blue Harbor Logistics');
  await shoot('tenant-overview', `/tenant/${acme.id}/overview`, () =>
    page.getByRole('heading', { name: 'Posture' }).waitFor(),
  );
  const assessments = await ok(page.request.get(`${base}/api/v1/tenants/${blue.id}/assessments`));
  const latest = assessments.items.find((a) => a.status === 'completed');
  await shoot('results', `/tenant/${blue.id}/assessments/${latest.id}/results`, () =>
    page.getByRole('heading', { name: /Results:/ }).waitFor(),
  );
  await shoot('across-clients', `/questions/${msp.id}/mfa-email`, () =>
    page.getByRole('heading', { name: 'How do my clients answer this?' }).waitFor(),
  );
  await context.close();
} finally {
  await browser.close();
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
