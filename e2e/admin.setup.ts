import { ADMIN_EMAIL, BASE_URL, PASSWORD, expect, runCli, test } from './fixtures';

// Runs once before the journeys: the system admin (listed in SYSTEM_ADMIN_EMAILS) signs up.
// Their code would land in the development mailbox that only a system admin can read, so an
// operator proves the address from the command line (`npm run cli -- verify-email`).
test('the system admin account exists', async ({ request }) => {
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Sam Admin', email: ADMIN_EMAIL, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await runCli(['verify-email', ADMIN_EMAIL]);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const me = await request.get('/api/v1/me');
  expect((await me.json()).role).toBe('systemadmin');
});
