import path from 'node:path';
import sharp from 'sharp';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

const NIST_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'apps/server/library/frameworks/nist-csf-2.0.json',
);

test('a content author imports NIST CSF, edits a question in the draft, sees the diff and publishes version 2', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/contentAdmin/frameworks');

  // Import the shipped file as the account's own framework.
  await page.getByRole('button', { name: 'Import' }).click();
  const importer = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await importer.getByLabel('Framework file').click();
  await (await chooser).setFiles(NIST_FILE);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/contentAdmin\/frameworks\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'NIST Cybersecurity Framework 2.0' }),
  ).toBeVisible();
  await expect(page.getByText('Draft, not published yet')).toBeVisible();

  // Version 1.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish1 = page.getByRole('dialog');
  await publish1.getByLabel('Release notes').fill('Imported from the shipped library.');
  await publish1.getByRole('button', { name: 'Publish v1' }).click();
  await expect(page.getByRole('radio', { name: 'Versions (1)' })).toBeAttached();

  // Edit GV.OC-01's title in the draft and save.
  await page.getByRole('button', { name: /^GV\.OC-01 / }).click();
  const title = page.getByRole('region', { name: 'Question GV.OC-01' }).getByRole('textbox', {
    name: 'Title',
  });
  await title.fill('The organisational mission is understood and drives cyber risk decisions');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // The diff of v1 and the draft names the changed question by its key.
  await page.getByText('Versions (1)').click();
  await page.getByRole('button', { name: 'Compare v1 with the draft' }).click();
  const diff = page.getByRole('region', { name: /From v1 to the draft/i });
  await expect(diff.getByText('GV.OC-01')).toBeVisible();
  await expect(diff.getByText(/The organizational mission is understood/)).toBeVisible();

  // Version 2.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish2 = page.getByRole('dialog');
  await expect(publish2.getByText(/1 changed/).first()).toBeVisible();
  await publish2.getByLabel('Release notes').fill('Reworded GV.OC-01.');
  await publish2.getByRole('button', { name: 'Publish v2' }).click();
  await expect(page.getByText(/Published v2/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Versions (2)' })).toBeAttached();
});

test('a second browser saving the same draft gets the conflict view and keeps its own version', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page);
  await page.goto('/contentAdmin/frameworks');
  await page.getByRole('button', { name: 'New framework' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Name').fill('Hygiene basics');
  await create.getByRole('button', { name: /create/i }).click();
  await expect(page).toHaveURL(/\/contentAdmin\/frameworks\/[0-9a-f-]{36}$/);
  const url = page.url();

  // The same author in a second browser opens the same draft.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto(url);
  await expect(second.getByRole('heading', { level: 2, name: 'Hygiene basics' })).toBeVisible();

  // The first browser saves a new summary.
  await page.getByLabel('Summary').fill('Saved first, in the first browser.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // The second, still on the old revision, saves its own: 409, shown as a conflict.
  await second.getByLabel('Summary').fill('Saved second, in the second browser.');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    second.getByRole('alert', { name: 'This framework draft was changed meanwhile' }),
  ).toBeVisible();
  await second.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByText('Unsaved changes')).toBeHidden();

  await page.reload();
  await expect(page.getByLabel('Summary')).toHaveValue('Saved second, in the second browser.');
  await other.close();
});

test('a content author writes a playbook and reorders its steps with the keyboard', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/contentAdmin/playbooks');
  await page.getByRole('button', { name: 'New playbook' }).first().click();
  const create = page.getByRole('dialog', { name: 'New playbook' });
  await create.getByLabel('Title').fill('Turn on MFA everywhere');
  await create.getByRole('button', { name: /create/i }).click();
  await expect(page).toHaveURL(/\/contentAdmin\/playbooks\/[0-9a-f-]{36}$/);

  for (const [n, name] of ['List every account', 'Enforce MFA', 'Check the exceptions'].entries()) {
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel(`Title of step ${n + 1}`).fill(name);
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  // Keyboard drag and drop: pick up step 1, move it down twice, drop it.
  const handle = page.getByRole('button', { name: 'Move step 1, List every account' });
  await handle.focus();
  // Each key waits for what the list announces to a screen reader before the next one.
  const said = page.getByRole('status').filter({ hasText: /List every account/ });
  for (const [key, announced] of [
    ['Space', /Picked up|over position 1 of 3/],
    ['ArrowDown', /over position 2 of 3/],
    ['ArrowDown', /over position 3 of 3/],
    ['Space', /dropped at position 3 of 3/],
  ] as const) {
    await page.keyboard.press(key);
    await expect(said).toHaveText(announced);
  }
  await expect(page.getByLabel('Title of step 3')).toHaveValue('List every account');
  await expect(page.getByLabel('Title of step 1')).toHaveValue('Enforce MFA');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.reload();
  await expect(page.getByLabel('Title of step 3')).toHaveValue('List every account');
});

test('a content author writes an article with a cropped image and publishes it; members read it in Explore', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto('/contentAdmin/articles');
  await page.getByRole('button', { name: 'New article' }).first().click();
  const create = page.getByRole('dialog', { name: 'New article' });
  await create.getByLabel('Title').fill('Why backups need testing');
  await create.getByRole('button', { name: /create/i }).click();
  await expect(page).toHaveURL(/\/contentAdmin\/articles\/[0-9a-f-]{36}$/);

  // Insert an image: chosen, cropped in the browser, uploaded, inserted as markdown.
  const png = testInfo.outputPath('diagram.png');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a7' } })
    .png()
    .toFile(png);
  await page.getByRole('button', { name: 'Insert image' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('Description').fill('Restore test diagram');
  await picker.getByRole('tab', { name: 'Upload new' }).click();
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Choose an image' }).click();
  await (await chooser).setFiles(png);
  await expect(picker.getByRole('group', { name: 'Crop the image' })).toBeVisible();
  await picker.getByRole('button', { name: 'Upload image' }).click();
  await expect(picker).toBeHidden();

  await page.getByRole('button', { name: /^(Save and publish|Publish)$/ }).click();
  await expect(page.getByText(/published/i).first()).toBeVisible();

  await page.goto('/explore/articles?q=backups');
  await page.getByRole('link', { name: 'Why backups need testing' }).first().click();
  const image = page.getByRole('img', { name: 'Restore test diagram' });
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test('a member finds “GV.OC” in Explore and reads the framework', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/explore/frameworks');
  await page.getByLabel('Search frameworks').fill('GV.OC');
  await expect(page).toHaveURL(/q=GV\.OC/);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'NIST Cybersecurity Framework 2.0' }) });
  await card.getByRole('link', { name: /^GV\.OC-01 / }).click();
  await expect(page).toHaveURL(/node=GV\.OC-01/);
  await expect(page.getByText('GV.OC-01').first()).toBeVisible();
  await expect(page.getByText(/The organizational mission is understood/).first()).toBeVisible();
});

test('a deleted question’s key is not given again; reusing it needs “same question”', async ({
  page,
}) => {
  await signUpViaApi(page);
  const question = (n: number, title: string) => ({
    key: `ID-0${n}`,
    title,
    type: 'yes_no',
  });
  const imported = await page.request.post('/api/v1/content/frameworks/import', {
    data: {
      scope: 'private',
      document: {
        format: 'tenantry.framework/1',
        key: `keys-${Date.now()}`,
        name: 'Identity checks',
        sections: [
          {
            key: 'ID',
            title: 'Identity',
            questions: [
              question(1, 'Are accounts reviewed?'),
              question(2, 'Are admins separate?'),
              question(3, 'Are leavers removed?'),
              question(4, 'Are passwords long?'),
              question(5, 'Is MFA enforced for all users?'),
            ],
          },
        ],
      },
    },
    headers: { origin: BASE_URL },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const fw = (await imported.json()) as { id: string; draftRevision: number };
  const published = await page.request.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
    data: { revision: fw.draftRevision, releaseNotes: 'v1' },
    headers: { origin: BASE_URL },
  });
  expect(published.ok(), await published.text()).toBeTruthy();

  await page.goto(`/contentAdmin/frameworks/${fw.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Identity checks' })).toBeVisible();

  // Delete ID-05 and save.
  await page.getByRole('button', { name: /^ID-05 / }).click();
  await page
    .getByRole('region', { name: 'Question ID-05' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete question ID-05?' })
    .getByRole('button', {
      name: 'Delete question',
    })
    .click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  // A new question gets a new key, not ID-05.
  await page.getByRole('button', { name: /^ID Identity/ }).click();
  await page
    .getByRole('region', { name: 'Section ID' })
    .getByRole('button', { name: 'Add question' })
    .click();
  const added = page.getByRole('region', { name: 'Question ID-06' });
  await expect(added).toBeVisible();
  await added.getByRole('textbox', { name: 'Title' }).fill('Are backups tested?');

  // Typing the old key by hand: the editor says whose key it was, and the server refuses it.
  await added.getByRole('textbox', { name: 'Key' }).fill('ID-05');
  const reused = page.getByRole('region', { name: 'Question ID-05' });
  await expect(reused.getByText('“ID-05” was used in version 1')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/A new question needs a new key/)).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Back to the new key: saved, and the diff says one removed and one added.
  await reused.getByRole('textbox', { name: 'Key' }).fill('ID-06');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await page.getByText('Versions (1)').click();
  await page.getByRole('button', { name: 'Compare v1 with the draft' }).click();
  const diff = page.getByRole('region', { name: /From v1 to the draft/i });
  await expect(diff.getByRole('heading', { name: 'Added (1)' })).toBeVisible();
  await expect(diff.getByRole('heading', { name: 'Removed (1)' })).toBeVisible();
  await expect(diff.getByRole('heading', { name: /Changed/ })).toBeHidden();
  await expect(diff.getByText('Are backups tested?')).toBeVisible();
  await expect(diff.getByText('Is MFA enforced for all users?')).toBeVisible();
});
