import { generate } from 'otplib';
import {
  ADMIN_EMAIL,
  BASE_URL,
  PASSWORD,
  expect,
  runCli,
  saveAdminTotpSecret,
  test,
} from './fixtures';

// Runs once before the journeys: the system admin (listed in SYSTEM_ADMIN_EMAILS) signs up and
// sets up an authenticator app (the service console needs a second factor).
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
  // The service console needs the admin's second factor (docs/identity.md): an authenticator
  // app, its key kept for the journeys (fixtures.ts computes its codes).
  const enable = await request.post('/api/auth/two-factor/enable', {
    data: { password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(enable.ok(), await enable.text()).toBeTruthy();
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const confirm = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: await generate({ secret }) },
    headers: { origin: BASE_URL },
  });
  expect(confirm.ok(), await confirm.text()).toBeTruthy();
  saveAdminTotpSecret(secret);
  const service = await request.get('/api/v1/service/users');
  expect(service.ok(), await service.text()).toBeTruthy();
});
