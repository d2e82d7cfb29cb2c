#!/usr/bin/env node
// A returning member opening a signed-in page cold (empty cache, the session cookie and this
// browser's last-session memory present, as after any earlier visit), in Chromium with
// Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU × 4): when the
// first paint happens, when the layout (the header) shows, and when the content (the first
// client tenant of the list) shows. The built app served by the real server (fresh data
// directory; an owner with 12 client tenants).
// Usage: node --import tsx bench/first-paint.mjs [--runs 5] [--build] [--out DIR] [--path /tenant]
/* global window, document, MutationObserver -- page code passed to Playwright */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { signUpOwner } from './assessment-world.ts';
import { opt, root, startServer, stopServer } from './lib.mjs';

const RUNS = Number(opt('runs', 5));
const OUT = opt('out', undefined);
const PAGE = opt('path', '/tenant');
const dist = OUT ? path.resolve(root, OUT) : path.join(root, 'apps/web/dist');
if (process.argv.includes('--build') || !fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-first-paint-'));
const env = { DATABASE_URL: '', DATA_DIR: dataDir, ...(OUT ? { WEB_DIST: dist } : {}) };
const server = await startServer('first-paint', env);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const results = [];
try {
  const cookie = await signUpOwner(server.base, env);
  for (let i = 1; i <= 12; i++) {
    const res = await fetch(`${server.base}/api/v1/tenants`, {
      method: 'POST',
      headers: { cookie, origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Client ${String(i).padStart(2, '0')}` }),
    });
    if (!res.ok) throw new Error(`tenant ${i}: ${res.status}`);
  }
  const host = new URL(server.base).hostname;
  const cookies = cookie.split('; ').map((c) => {
    const [name, ...rest] = c.split('=');
    return { name, value: rest.join('='), domain: host, path: '/' };
  });
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addCookies(cookies);
    await context.addInitScript(() => {
      localStorage.setItem('tenantry.lastSession', JSON.stringify({ kind: 'member' }));
      // When the header and the first client tenant first exist, in page time.
      const marks = {};
      window.__marks = marks;
      new MutationObserver(() => {
        if (!marks.layout && document.querySelector('header')) marks.layout = performance.now();
        if (!marks.content && document.querySelector('main a[href^="/tenant/"]'))
          marks.content = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // When the page asked for the list, and when /api/v1/me answered (ms after navigating):
    // the list asked before /me answered is the round trip saved.
    const requests = [];
    let start = 0;
    const at = {};
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      requests.push(p);
      if (p === '/api/v1/tenants' && at.list === undefined) at.list = Date.now() - start;
    });
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/me' && at.me === undefined)
        at.me = Date.now() - start;
    });
    start = Date.now();
    await page.goto(`${server.base}${PAGE}`);
    await page.waitForFunction(() => window.__marks.content, null, { timeout: 60_000 });
    const m = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      ...window.__marks,
    }));
    results.push({ ...m, ...at, requests: requests.length });
    console.log(
      `run ${run + 1}: first paint ${Math.round(m.fcp)} ms, layout ${Math.round(m.layout)} ms, content ${Math.round(m.content)} ms, /me answered ${at.me} ms, list asked ${at.list} ms, ${requests.length} requests`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const pick = (k) => Math.round(median(results.map((r) => r[k])));
console.log(
  `\n${PAGE}, median of ${RUNS} (load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ', ',
    )}): first paint ${pick('fcp')} ms, layout ${pick('layout')} ms, content ${pick('content')} ms, /me answered ${pick('me')} ms, list asked ${pick('list')} ms`,
);
