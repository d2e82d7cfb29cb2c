import { request, type APIResponse } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInRequest,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

// Frameworks made your own (docs/content.md, "Forks"): an author forks the shipped MSP hygiene
// check from Explore, rewords a question in the fork, the library publishes a new version (the
// system admin, through the content routes), and the author takes the upstream change and
// publishes the fork.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

interface Detail {
  id: string;
  draftRevision: number;
  latestVersion: number;
  draft: {
    sections: Array<{
      key: string;
      sections: Array<{ key: string; questions: Array<{ key: string; weight: number }> }>;
    }>;
  };
}

/** The system admin gives the shipped MSP hygiene check a new version: a question weighs more. */
async function publishUpstreamChange(): Promise<number> {
  const admin = await request.newContext({ baseURL: BASE_URL });
  await signInRequest(admin, ADMIN_EMAIL);
  const list = await ok<{ items: Array<{ id: string; key: string }> }>(
    admin.get('/api/v1/content/frameworks?scope=global&q=msp'),
  );
  const id = list.items.find((f) => f.key === 'msp-essentials')!.id;
  const fw = await ok<Detail>(admin.get(`/api/v1/content/frameworks/${id}`));
  const doc = structuredClone(fw.draft);
  const admins = doc.sections
    .find((s) => s.key === 'identity')!
    .sections.find((s) => s.key === 'identity.admin')!;
  const q = admins.questions.find((x) => x.key === 'admin-separate')!;
  q.weight += 1;
  const saved = await ok<Detail>(
    admin.put(`/api/v1/content/frameworks/${id}/draft`, {
      data: { revision: fw.draftRevision, document: doc },
      headers: origin,
    }),
  );
  const published = await ok<Detail>(
    admin.post(`/api/v1/content/frameworks/${id}/publish`, {
      data: { revision: saved.draftRevision, releaseNotes: 'Separate admin accounts weigh more.' },
      headers: origin,
    }),
  );
  await admin.dispose();
  return published.latestVersion;
}

test('an author forks the MSP hygiene check, edits it, takes an upstream change and publishes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueEmail('fork-author'));

  // Fork from Explore.
  await page.goto('/explore/frameworks?q=hygiene');
  await page.getByRole('button', { name: 'Fork MSP Essential Hygiene Check' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Fork framework' });
  await dialog.getByLabel('Name').fill('Our hygiene check');
  await dialog.getByRole('button', { name: 'Fork into my library' }).click();
  await expect(page).toHaveURL(/\/contentAdmin\/frameworks\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Our hygiene check' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Upstream changes' })).toBeAttached();

  // Reword a question in the fork and save.
  await page.getByRole('button', { name: /^mfa-email / }).click();
  const title = page
    .getByRole('region', { name: 'Question mfa-email' })
    .getByRole('textbox', { name: 'Title' });
  await title.fill('Is MFA on for every mailbox, shared ones included?');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // The library publishes a new version; the fork says so.
  const version = await publishUpstreamChange();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Our hygiene check' })).toBeVisible({
    timeout: 30_000,
  });
  const banner = page.getByRole('alert').filter({ hasText: `Upstream has version ${version}` });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Review upstream changes' }).click();

  const panel = page.getByRole('region', { name: 'Upstream changes' });
  const change = panel.getByRole('listitem', { name: /Changed question .*separate/i });
  await expect(change).toContainText('admin-separate');
  await expect(change).toContainText('Weight');
  await change.getByText('Take', { exact: true }).click();
  await panel.getByRole('button', { name: 'Take 1 into the draft' }).click();
  await expect(page.getByText(/1 upstream change taken into the draft/)).toBeVisible();
  await expect(
    page.getByText(`This fork is in step with version ${version}`, { exact: false }),
  ).toBeVisible();

  // Publish the fork: its own rewording and the upstream's change.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog');
  await publish.getByLabel('Release notes').fill('Our wording, and the library’s new weight.');
  await publish.getByRole('button', { name: 'Publish v1' }).click();
  await expect(page.getByRole('radio', { name: 'Versions (1)' })).toBeAttached();
  await page.getByText('Edit draft', { exact: true }).click();
  await page.getByRole('button', { name: /^mfa-email / }).click();
  await expect(
    page
      .getByRole('region', { name: 'Question mfa-email' })
      .getByRole('textbox', { name: 'Title' }),
  ).toHaveValue('Is MFA on for every mailbox, shared ones included?');
});
