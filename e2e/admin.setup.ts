import { ADMIN_EMAIL, BASE_URL, PASSWORD, expect, test } from './fixtures';

// Runs once before the journeys: the system admin (listed in SYSTEM_ADMIN_EMAILS) signs up.
test('the system admin account exists', async ({ request }) => {
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Sam Admin', email: ADMIN_EMAIL, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const me = await request.get('/api/v1/me');
  expect((await me.json()).role).toBe('systemadmin');
});
