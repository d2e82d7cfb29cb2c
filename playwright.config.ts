import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (installed by .ci/run); Playwright never downloads
// a browser here. The app runs on a fresh embedded database in .tmp/e2e-data for each run.
const PORT = Number(process.env.E2E_PORT ?? 4310); // keep in step with e2e/fixtures.ts
export const baseURL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(import.meta.dirname, '.tmp/e2e-data');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, the server, the database and two Chromiums share two cores: a journey of
  // a dozen page loads can pass 30 s on a busy machine (seen in CI) without anything wrong.
  // CI machines have run at half speed (the harness measured ×2.08): the ceilings are wider
  // there. They are ceilings, not waits: a test waits for state and goes on as soon as it holds.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: 'list',
  outputDir: '.tmp/playwright-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', use: { browserName: 'chromium' }, dependencies: ['setup'] },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm run serve`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      APP_ENV: 'test',
      PUBLIC_URL: baseURL,
      DEMO_DATA: 'false',
      SYSTEM_ADMIN_EMAILS: 'admin@e2e.tenantry.test',
      LOG_LEVEL: 'warn',
      // Every journey signs up from 127.0.0.1; the limiter itself is tested in the server suite.
      AUTH_RATE_LIMIT: 'false',
      // Webhook journeys send to a receiver the test runs on 127.0.0.1 (docs/webhooks.md).
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // The failed-job journey enqueues a job that fails once (docs/service-console.md).
      TEST_HOOKS: 'true',
      // The single sign-on journey's OpenID provider, on 127.0.0.1 (e2e/oidc-provider.ts).
      SSO_IDP_ORIGINS: `http://127.0.0.1:${PORT + 1000}`,
      DATABASE_URL: '',
    },
  },
});
