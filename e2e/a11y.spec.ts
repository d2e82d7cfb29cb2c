import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  sharedSignIn,
  signInViaApi,
  signUpViaApi,
  test,
  transitionsDone,
  uniqueEmail,
} from './fixtures';
import { publishWorkedExample } from './frameworks';

// Accessibility (docs/testing.md, "Accessibility"): every screen of the route table, in the
// light and the dark colour scheme, has no serious or critical axe violation. Each journey
// signs in once, opens its screens one after the other, waits for each to have loaded (its
// heading, no loader or skeleton left) and runs axe in both schemes without reloading.

const origin = { origin: BASE_URL };
type Scheme = 'light' | 'dark';

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** Anything still loading: a loader, a skeleton, a region marked busy. */
const LOADING = '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root';

/** A violation: the rule, its impact, and for each distinct failure the elements that have it. */
function describe(v: {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}) {
  const failures = new Map<string, string[]>();
  for (const n of v.nodes) {
    const summary = (n.failureSummary ?? '').replace(/\s+/g, ' ');
    failures.set(summary, [...(failures.get(summary) ?? []), n.html.slice(0, 200)]);
  }
  const lines = [...failures].map(
    ([summary, html]) =>
      `  ${summary} (${html.length}×)\n${html
        .slice(0, 5)
        .map((h) => `    ${h}`)
        .join('\n')}`,
  );
  return [`${v.id} (${v.impact}): ${v.help}`, ...lines].join('\n');
}

/**
 * Runs axe on what the page shows in one colour scheme. The scheme is switched by the media
 * query, as the operating system would: Mantine's "auto" scheme follows it (the attribute says
 * when it has), the respondent page's CSS too; then colour transitions are let run to their end.
 */
async function checkIn(page: Page, label: string, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  const mantine = page.locator('html[data-mantine-color-scheme]');
  if ((await mantine.count()) > 0) {
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  }
  await transitionsDone(page);
  // axe.run in the page itself (setLegacyMode): the app has no frames, and the default (a run
  // per frame, finished in a new blank page) costs a page per check. Only violations are
  // gathered: the passes' details are most of a run's time and nobody reads them.
  const run = (rules: Record<string, { enabled: boolean }> = {}) =>
    new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'], rules });
  const results =
    scheme === 'light'
      ? // Off by default in axe (experimental): a control's visible text is part of its name
        // (WCAG 2.5.3), which speech users rely on; on in the same run.
        await run({ 'label-content-name-mismatch': { enabled: true } }).analyze()
      : // Names, roles and landmarks are the same in both schemes: the dark pass checks colours.
        await run().withRules(['color-contrast', 'link-in-text-block']).analyze();
  for (const v of results.violations) {
    // Not for a control that shows its keyboard shortcut beside its name (aria-keyshortcuts):
    // axe would count the key as part of the label.
    if (v.id === 'label-content-name-mismatch')
      v.nodes = v.nodes.filter((n) => !n.html.includes('aria-keyshortcuts'));
  }
  const blocking = results.violations.filter(
    (v) => v.nodes.length > 0 && (v.impact === 'serious' || v.impact === 'critical'),
  );
  expect.soft(blocking.map(describe), `${label} in the ${scheme} scheme`).toEqual([]);
}

/** Waits for `ready` and for nothing to be loading, then checks the screen in both schemes. */
async function checkScreen(page: Page, label: string, ready: Locator, timeout?: number) {
  await expect(ready, label).toBeVisible({ timeout });
  await expect(page.locator(LOADING), `${label}: still loading`).toHaveCount(0);
  await checkIn(page, label, 'light');
  await checkIn(page, label, 'dark');
}

/** Opens `path` in the light scheme and checks it in both. */
async function visit(page: Page, path: string, ready?: (page: Page) => Locator) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await checkScreen(page, path, ready ? ready(page) : page.getByRole('heading', { level: 1 }));
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

/** The assessment screen's first question. */
const question = (page: Page) => page.getByRole('heading', { level: 3, name: 'Is it done?' });

/** A client tenant with a completed assessment as its baseline and one under way. */
async function accountData(request: APIRequestContext) {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Contoso' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(request);
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const done = await ok<{ id: string }>(
    request.post(base, {
      data: { frameworkId, version: 1, name: 'Initial review' },
      headers: origin,
    }),
  );
  const answers = {
    Q1: { value: 'partial' },
    Q2: { value: 2 },
    Q4: { value: 'low' },
    Q5: { na: true },
    Q6: { value: 15 },
  };
  for (const [key, body] of Object.entries(answers)) {
    await ok(request.put(`${base}/${done.id}/answers/${key}`, { data: body, headers: origin }));
  }
  await ok(request.post(`${base}/${done.id}/complete`, { data: {}, headers: origin }));
  await ok(
    request.put(`/api/v1/tenants/${tenant.id}/baseline`, {
      data: { assessmentId: done.id },
      headers: origin,
    }),
  );
  const open = await ok<{ id: string }>(
    request.post(base, { data: { frameworkId, version: 1, name: 'Follow-up' }, headers: origin }),
  );
  await ok(
    request.put(`${base}/${open.id}/answers/Q1`, { data: { value: 'yes' }, headers: origin }),
  );
  const { link } = await ok<{ link: string }>(
    request.post(`${base}/${open.id}/respondents`, {
      data: { name: 'Pat Doe', email: 'pat@example.test', sendEmail: false },
      headers: origin,
    }),
  );
  return { tenantId: tenant.id, frameworkId, assessmentId: open.id, link };
}

// Three journeys of about fifteen screens each, side by side on the two workers.

test('a client tenant’s screens, its respondent page and the shared layout pass axe', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signUpViaApi(page);
  const { tenantId, assessmentId, link } = await accountData(page.request);

  await visit(page, '/', h1('Welcome'));
  for (const tab of ['frameworks', 'playbooks', 'articles']) {
    await visit(page, `/explore/${tab}`, h1('Explore'));
  }
  // Explore for a client tenant, and its start dialog (a modal).
  await visit(page, `/explore/frameworks/${tenantId}`, h1('Explore'));
  await page.getByRole('button', { name: 'Start assessment for Contoso' }).first().click();
  await checkScreen(page, 'the start-assessment dialog', page.getByRole('dialog'));
  await page.keyboard.press('Escape');

  await visit(page, '/tenant', h1('Client tenants'));
  for (const tab of [
    'overview',
    'assessments',
    'baseline',
    'remediation',
    'evidence',
    'sharing',
    'settings',
  ]) {
    await visit(page, `/tenant/${tenantId}/${tab}`, h1('Contoso'));
  }
  await visit(page, `/tenant/${tenantId}/assessments/${assessmentId}`, question);
  await visit(page, `/tenant/${tenantId}/baseline/A`, (p) =>
    p.getByRole('table', { name: 'Questions of Section A' }),
  );

  // The respondent page: its own entry, no account.
  const respondentCtx = await browser.newContext();
  const respondent = await respondentCtx.newPage();
  await visit(respondent, link, h1('Follow-up'));
  await respondentCtx.close();

  // A shared user in the shared-tenant layout.
  const guestEmail = uniqueEmail('a11y-shared');
  await ok(
    page.request.post(`/api/v1/tenants/${tenantId}/shares`, {
      data: { email: guestEmail, role: 'viewer' },
      headers: origin,
    }),
  );
  const shared = await sharedSignIn(browser, tenantId, guestEmail);
  await visit(shared, `/tenant/${tenantId}/overview`, h1('Contoso'));
  await visit(shared, `/tenant/${tenantId}/assessments/${assessmentId}`, question);
  await shared.context().close();
});

test('the account, support, roadmap, developer and content screens pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpViaApi(page);
  const frameworkId = await publishWorkedExample(page.request);

  for (const tab of ['general', 'members', 'billing', 'sharing', 'security', 'audit']) {
    await visit(page, `/admin/${tab}`, h1('Account'));
  }
  await visit(page, '/support', h1('Support'));
  await visit(page, '/roadmap', h1('Roadmap'));
  await visit(page, '/developer', h1('Developer'));
  // The API reference (Swagger UI) opens within the page.
  await page.getByRole('button', { name: 'Show API reference' }).click();
  // Ready when its operations are listed: a tag of them (a heading of Swagger UI's own), as
  // in the API keys journey; not a landmark, which depends on Swagger UI's version.
  await checkScreen(
    page,
    'the API reference',
    page.getByTestId('openapi-viewer').getByRole('heading', { level: 3, name: /^developer/ }),
    30_000, // Swagger UI is a large chunk of its own
  );
  for (const tab of ['frameworks', 'playbooks', 'articles', 'media']) {
    await visit(page, `/contentAdmin/${tab}`, h1('Content admin'));
  }
  await visit(page, `/contentAdmin/frameworks/${frameworkId}`, h1('Content admin'));
  // The feedback form in the header.
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  await checkScreen(page, 'the feedback form', page.getByRole('form', { name: 'Send feedback' }));
});

test('the sign-in pages, the not-found page and the service console pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  // Signed out.
  await visit(page, '/signin', h1('Sign in'));
  await visit(page, '/signup', h1(/Create your account/));
  await visit(page, '/forgot-password', h1(/Forgot/));
  await visit(page, '/sharedSignin/00000000-0000-0000-0000-000000000000', h1('Shared sign-in'));
  await visit(page, '/no-such-page', h1('Page not found'));

  // The service console, as a system admin.
  await signInViaApi(page, ADMIN_EMAIL);
  for (const tab of [
    'overview',
    'accounts',
    'users',
    'subscriptions',
    'support',
    'feedback',
    'roadmap',
    'analytics',
    'audit',
    'system',
  ]) {
    await visit(page, `/service/${tab}`, h1('Service console'));
  }
  // The tenants drill-down, on a client tenant of the admin's own account with an assessment.
  const me = await ok<{ tid: string }>(page.request.get('/api/v1/me'));
  const drilled = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Drill Co' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);
  const assessment = await ok<{ id: string }>(
    page.request.post(`/api/v1/tenants/${drilled.id}/assessments`, {
      data: { frameworkId, version: 1, name: 'Drill review' },
      headers: origin,
    }),
  );
  await visit(page, `/service/tenants/${me.tid}/${drilled.id}/${assessment.id}`, (p) =>
    p.getByRole('region', { name: 'Section A' }),
  );
});
