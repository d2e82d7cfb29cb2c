import { test as base, expect, type Page } from '@playwright/test';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}`;
const origin = { origin: BASE_URL };

export const PASSWORD = 'correct-horse-42';
export const ADMIN_EMAIL = 'admin@e2e.tenantry.test'; // in SYSTEM_ADMIN_EMAILS (playwright.config.ts)

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.tenantry.test`;
}

/** Creates an account through the API; the page's browser context is then signed in. */
export async function signUpViaApi(page: Page, email = uniqueEmail(), name = 'Avery Quinn') {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: origin,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { email, name };
}

/** Signs in an existing user through the API (shares cookies with the page). */
export async function signInViaApi(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: origin,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export const test = base;
export { expect };
