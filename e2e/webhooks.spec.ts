import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInRequest,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

// Webhooks (docs/webhooks.md): an owner on the Business plan adds an endpoint on the developer
// page — a receiver this test runs on 127.0.0.1 (the e2e server allows private URLs) that
// checks every request's Standard Webhooks signature — sends a test ping, and sees it
// succeeded in the delivery log; the secret the page reveals is the one that verifies it.

const origin = { origin: BASE_URL };

/** A receiver that answers 200 to a request it can verify with `secret`, 401 otherwise. */
async function startReceiver() {
  const got: Array<{ type: string; verified: boolean }> = [];
  const state = { secret: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      let verified = false;
      try {
        new Webhook(state.secret).verify(body, headers);
        verified = true;
      } catch {
        // answered 401 below
      }
      got.push({ type: (JSON.parse(body) as { type: string }).type, verified });
      res.writeHead(verified ? 200 : 401, { 'content-type': 'text/plain' });
      res.end(verified ? 'ok' : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tenantry`,
    got,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The system admin gives the account the Business plan free of charge (service console API). */
async function compBusiness(accountId: string) {
  const admin = await request.newContext({ baseURL: BASE_URL });
  await signInRequest(admin, ADMIN_EMAIL);
  const comp = await admin.post(`/api/v1/service/subscriptions/${accountId}/comp`, {
    data: { plan: 'business', reason: 'E2E: webhooks' },
    headers: origin,
  });
  expect(comp.ok(), await comp.text()).toBeTruthy();
  await admin.dispose();
}

test('an owner adds a webhook to their receiver and sees the test ping succeed in the delivery log', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await signUpViaApi(page, uniqueEmail('webhooks-owner'), 'Wendy Hook');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { tid: string };
    await compBusiness(me.tid);

    await page.goto('/developer');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet')).toBeVisible();
    await section.getByRole('button', { name: 'Add your first endpoint' }).click();

    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByRole('textbox', { name: /URL/ }).fill(receiver.url);
    await form.getByRole('textbox', { name: /Description/ }).fill('Our test receiver');
    await form.getByRole('checkbox', { name: /Assessment completed/ }).check();
    await form.getByRole('checkbox', { name: /Task created/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form).toBeHidden();

    const card = section.getByRole('article', { name: receiver.url });
    await expect(card.getByText('Our test receiver')).toBeVisible();

    // The secret the page reveals is the receiver's.
    await card.getByRole('button', { name: 'Signing secret' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.getByRole('button', { name: 'Reveal secret' }).click();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.state.secret = secret;
    // The × and the footer's button are both named Close.
    await secretDialog.getByRole('button', { name: 'Close' }).last().click();

    await card.getByRole('button', { name: 'Send test ping' }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    const row = log.getByRole('row').filter({ hasText: 'Test ping' });
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    expect(receiver.got).toEqual([{ type: 'webhook.ping', verified: true }]);

    // On a phone the log is a list of cards.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(card.getByRole('listitem').filter({ hasText: 'Test ping' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send test ping' })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
