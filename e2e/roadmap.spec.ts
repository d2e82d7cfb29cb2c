import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  transitionsDone,
  uniqueEmail,
} from './fixtures';

const SHOTS = '.tmp/roadmap-screens';

async function member(browser: Browser, prefix: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpViaApi(page, uniqueEmail(prefix));
  return page;
}

const voteButton = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Vote for ${title} \\(`) });

test('a member suggests an idea, staff approve it, two members vote, staff merge it into another item and its votes move', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const idea = `Dark theme ${tag}`;
  const targetTitle = `Dark mode everywhere ${tag}`;

  const staff = await (await browser.newContext()).newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  // The item the idea turns out to duplicate: on the roadmap already, put there by staff.
  const created = await staff.request.post('/api/v1/service/roadmap/items', {
    data: { title: targetTitle, description: 'Every screen, **dark**.', status: 'planned' },
    headers: { origin: BASE_URL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const target = (await created.json()) as { id: string };

  // A member suggests the idea: it waits for approval, marked for them.
  const alice = await member(browser, 'roadmap-alice');
  await alice.setViewportSize({ width: 1280, height: 900 });
  await alice.goto('/roadmap');
  await expect(alice.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
  await alice.getByRole('button', { name: 'Suggest an idea' }).click();
  const form = alice.getByRole('form', { name: 'Suggest an idea' });
  await expect(form.getByText(/waits for our team to approve it/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(idea);
  await form.getByRole('textbox', { name: 'Description' }).fill('Easier on the *eyes* at night.');
  await form.getByRole('button', { name: 'Send the idea' }).click();
  const drawer = alice.getByRole('dialog', { name: 'Roadmap item' });
  await expect(drawer.getByRole('heading', { name: idea })).toBeVisible();
  const ideaId = new URL(alice.url()).searchParams.get('item');
  await expect(drawer.getByText('Waiting for approval')).toBeVisible();
  await expect(drawer.locator('em', { hasText: 'eyes' })).toBeVisible();
  await transitionsDone(alice); // the drawer has finished opening
  await alice.screenshot({ path: `${SHOTS}/item-1280.png` });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(
    alice.getByRole('article', { name: idea }).getByText('Waiting for approval'),
  ).toBeVisible();

  // Nobody else sees it yet.
  const bob = await member(browser, 'roadmap-bob');
  await bob.goto('/roadmap?view=new');
  await expect(bob.getByRole('article', { name: targetTitle })).toBeVisible();
  await expect(bob.getByRole('article', { name: idea })).toHaveCount(0);

  // Staff approve it in the service console.
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/service/roadmap');
  const pendingRow = staff.getByRole('article', { name: idea });
  await expect(pendingRow.getByText(/Suggested by/)).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/service-1280.png` });
  await pendingRow.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByRole('article', { name: idea })).toHaveCount(0);

  // Two members vote for it.
  await bob.reload();
  await voteButton(bob, idea).click();
  await expect(voteButton(bob, idea)).toHaveAttribute('aria-pressed', 'true');
  const carol = await member(browser, 'roadmap-carol');
  await carol.setViewportSize({ width: 375, height: 800 });
  await carol.goto('/roadmap?view=top');
  await voteButton(carol, idea).click();
  await expect(voteButton(carol, idea)).toHaveAttribute('aria-pressed', 'true');
  await expect(voteButton(carol, idea)).toHaveText('2');
  await expect(voteButton(carol, targetTitle)).toHaveText('0');
  await carol.screenshot({ path: `${SHOTS}/list-375.png`, fullPage: true });
  await carol.goto('/roadmap?view=board');
  await expect(carol.getByRole('region', { name: 'Under review' }).getByText(idea)).toBeVisible();
  await carol.screenshot({ path: `${SHOTS}/board-375.png`, fullPage: true });

  // Staff merge it into the item it duplicates, picked by searching titles.
  await staff.goto('/service/roadmap?state=approved');
  await staff
    .getByRole('article', { name: idea })
    .getByRole('button', { name: 'Merge into…' })
    .click();
  const merge = staff.getByRole('form', { name: 'Merge into another item' });
  await merge.getByLabel('Merge into').fill('Dark mode everywhere');
  await staff.getByRole('option', { name: `${targetTitle} (0)` }).click();
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(staff.getByRole('article', { name: idea })).toHaveCount(0);
  await staff.goto('/service/roadmap?state=all');
  await expect(
    staff.getByRole('article', { name: idea }).getByText(`Merged into ${targetTitle}`),
  ).toBeVisible();
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: `${SHOTS}/service-375.png`, fullPage: true });

  // The votes moved: the target went up by them; the idea says where it went.
  await alice.goto(`/roadmap?item=${target.id}`);
  const targetDrawer = alice.getByRole('dialog', { name: 'Roadmap item' });
  await expect(voteButton(alice, targetTitle).last()).toHaveText('2');
  await expect(alice.getByRole('article', { name: idea })).toHaveCount(0);
  await carol.goto(`/roadmap?item=${target.id}`);
  await expect(
    carol.getByRole('dialog', { name: 'Roadmap item' }).getByRole('button', {
      name: new RegExp(`^Vote for ${targetTitle}`),
    }),
  ).toHaveAttribute('aria-pressed', 'true');
  await transitionsDone(carol);
  await carol.screenshot({ path: `${SHOTS}/item-375.png` });
  await expect(targetDrawer.getByRole('heading', { name: targetTitle })).toBeVisible();
  await bob.goto(`/roadmap?item=${ideaId}`);
  const merged = bob.getByRole('dialog', { name: 'Roadmap item' });
  await expect(merged.getByText(/This idea was merged into/)).toBeVisible();
  await expect(merged.getByRole('link', { name: targetTitle })).toBeVisible();
  await expect(merged.getByRole('button', { name: /^Vote for/ })).toHaveCount(0);
});
