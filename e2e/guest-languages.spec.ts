import path from 'node:path';
import type { APIRequestContext, APIResponse, Browser, Page, TestInfo } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

// The client-facing side in the client's language (docs/languages.md): a German browser sees
// the shared sign-in in German, gets its code in German, and the shared layout follows; the
// language menu switches it to French. With I18N_SCREENSHOTS=1 the 375 px screenshots of each
// client-facing page in German and French are written to docs/screenshots (listed in
// docs/languages.md); otherwise to the test's output folder.

const origin = { origin: BASE_URL };
const PHONE = { width: 375, height: 812 };

function shot(testInfo: TestInfo, name: string): string {
  return process.env.I18N_SCREENSHOTS
    ? path.resolve(import.meta.dirname, '../docs/screenshots', name)
    : testInfo.outputPath(name);
}

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The newest e-mail to `to` that `match` accepts, from the development mailbox (as the admin). */
async function mailTo(browser: Browser, to: string, match: (m: Mail) => boolean): Promise<Mail> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  let found: Mail | undefined;
  await expect(async () => {
    const { messages } = await ok<{ messages: Mail[] }>(
      admin.request.get('/api/v1/system/mailbox'),
    );
    found = messages.find((m) => m.to === to && match(m));
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  await ctx.close();
  return found!;
}

/** An e-mail's HTML as a 375 px phone shows it. */
async function shootMail(browser: Browser, mail: Mail, file: string) {
  const ctx = await browser.newContext({ viewport: PHONE });
  const view = await ctx.newPage();
  await view.setContent(mail.html ?? `<pre>${mail.text}</pre>`);
  await view.screenshot({ path: file, fullPage: true });
  await ctx.close();
}

async function sharedTenant(page: Page, invitee: string): Promise<string> {
  const renamed = page.request.patch('/api/v1/account', {
    data: { name: 'Northwind Consulting' },
    headers: origin,
  });
  await ok(renamed);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Contoso GmbH' }, headers: origin }),
  );
  await ok(
    page.request.post(`/api/v1/tenants/${tenant.id}/shares`, {
      data: { email: invitee, role: 'viewer' },
      headers: origin,
    }),
  );
  return tenant.id;
}

/** An assessment in `language` with one respondent invited by e-mail; their link. */
async function invitedRespondent(
  request: APIRequestContext,
  language: 'de' | 'fr',
  email: string,
): Promise<string> {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: `Client ${language}` }, headers: origin }),
  );
  const document = {
    format: 'tenantry.framework/1',
    key: `guest-languages-${language}-${Date.now()}`,
    name: 'Phone check',
    sections: [
      {
        key: 'A',
        title: 'Policies',
        questions: [
          { key: 'A.1', title: 'Is there a signed security policy?', type: 'yes_no' },
          { key: 'A.2', title: 'Describe the backup process', type: 'text' },
        ],
      },
    ],
  };
  const fw = await ok<{ id: string; draftRevision: number }>(
    request.post('/api/v1/content/frameworks/import', {
      data: { scope: 'private', document },
      headers: origin,
    }),
  );
  await ok(
    request.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      data: { revision: fw.draftRevision, releaseNotes: 'v1' },
      headers: origin,
    }),
  );
  const a = await ok<{ id: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments`, {
      data: {
        frameworkId: fw.id,
        version: 1,
        name: 'Q3 baseline',
        dueDate: '2026-12-31',
        language,
      },
      headers: origin,
    }),
  );
  const { link } = await ok<{ link: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments/${a.id}/respondents`, {
      data: { name: 'Jonas Weber', email, sendEmail: true },
      headers: origin,
    }),
  );
  return link;
}

test('a German browser signs in shared in German, the layout follows and switches to French', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueEmail('i18n-owner'), 'Olive Owner');
  const invitee = uniqueEmail('i18n-client');
  const tenantId = await sharedTenant(page, invitee);
  const invitation = await mailTo(browser, invitee, (m) => /\/sharedSignin\//.test(m.text));
  const link = /https?:\/\/\S*(\/sharedSignin\/\S+)/.exec(invitation.text)![1]!;

  // German: the page, its <html lang>, the code e-mail, the shared layout.
  const de = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const guest = await de.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Geteilte Anmeldung' })).toBeVisible();
  await expect(
    guest.getByText(/^Northwind Consulting hat einen Kundenbereich mit Ihnen geteilt\./),
  ).toBeVisible();
  await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
  await guest.screenshot({ path: shot(testInfo, 'i18n-shared-signin-de-375.png'), fullPage: true });
  await guest.getByLabel('E-Mail').fill(invitee);
  await guest.getByRole('button', { name: 'Code senden' }).click();
  await expect(guest.getByText(/Geben Sie den Code ein, den wir an/)).toBeVisible();
  const codeMail = await mailTo(browser, invitee, (m) => /Anmeldecode: \d{6}$/.test(m.subject));
  await shootMail(browser, codeMail, shot(testInfo, 'i18n-email-code-de-375.png'));
  await guest.getByLabel('Code', { exact: true }).fill(/(\d{6})$/.exec(codeMail.subject)![1]!);
  await guest.getByRole('button', { name: 'Anmelden' }).click();

  await expect(guest).toHaveURL(new RegExp(`/tenant/${tenantId}`));
  await expect(guest.getByTestId('shared-by')).toHaveText('Geteilt von Northwind Consulting');
  await expect(guest.getByTestId('shared-tenant-name')).toHaveText('Contoso GmbH');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
  // Nothing of the header runs off a 375 px screen.
  const header = await guest.getByTestId('shared-header').boundingBox();
  expect(header!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expect(guest.getByRole('heading', { level: 1, name: 'Contoso GmbH' })).toBeVisible();
  await expect(guest.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await guest.screenshot({ path: shot(testInfo, 'i18n-shared-layout-de-375.png') });

  // The language menu: French from now on, on this device.
  await guest.getByRole('button', { name: 'Sprache' }).click();
  await guest.getByRole('menuitem', { name: 'Français' }).click();
  await expect(guest.getByTestId('shared-by')).toHaveText('Partagé par Northwind Consulting');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'fr');
  await guest.getByRole('button', { name: /, menu utilisateur$/ }).click();
  await expect(guest.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await guest.keyboard.press('Escape');
  await expect(guest.getByRole('menuitem', { name: 'Se déconnecter' })).toBeHidden();
  await guest.screenshot({ path: shot(testInfo, 'i18n-shared-layout-fr-375.png') });
  await de.close();

  // A French browser: the shared sign-in and its code e-mail in French (another invitee: a
  // code per address and minute).
  const second = uniqueEmail('i18n-client-fr');
  await ok(
    page.request.post(`/api/v1/tenants/${tenantId}/shares`, {
      data: { email: second, role: 'viewer' },
      headers: origin,
    }),
  );
  const fr = await browser.newContext({ locale: 'fr-FR', viewport: PHONE });
  const other = await fr.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Connexion partagée' })).toBeVisible();
  await other.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(other.getByText('Saisissez une adresse e-mail')).toBeVisible();
  await other.getByLabel('E-mail').fill(second);
  await other.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(other.getByText(/Saisissez le code envoyé à/)).toBeVisible();
  await other.screenshot({ path: shot(testInfo, 'i18n-shared-signin-fr-375.png'), fullPage: true });
  const frMail = await mailTo(browser, second, (m) =>
    /connexion Tenantry\s:\s\d{6}$/.test(m.subject),
  );
  await shootMail(browser, frMail, shot(testInfo, 'i18n-email-code-fr-375.png'));
  await fr.close();
});

test('the respondent page and its invitation in German and French on a 375 px phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueEmail('i18n-assessor'), 'Olive Owner');
  for (const language of ['de', 'fr'] as const) {
    const email = uniqueEmail(`i18n-respondent-${language}`);
    const link = await invitedRespondent(page.request, language, email);
    const invitation = await mailTo(browser, email, (m) => m.text.includes('/in-progress/'));
    expect(invitation.subject).toContain(
      language === 'de' ? 'bittet um Ihre Antworten' : 'vous demande vos réponses',
    );
    await shootMail(
      browser,
      invitation,
      shot(testInfo, `i18n-email-invitation-${language}-375.png`),
    );

    const ctx = await browser.newContext({ locale: `${language}-CH`, viewport: PHONE });
    const phone = await ctx.newPage();
    await phone.goto(link);
    await expect(
      phone.getByText(
        language === 'de'
          ? 'Sie antworten als Jonas Weber'
          : 'Vous répondez en tant que Jonas Weber',
      ),
    ).toBeVisible();
    await expect(phone.locator('html')).toHaveAttribute('lang', language);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await phone.screenshot({
      path: shot(testInfo, `i18n-respondent-${language}-375.png`),
      fullPage: true,
    });
    await ctx.close();
  }
});
