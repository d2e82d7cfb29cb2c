/**
 * Reading the app's answers in the server tests: the status is checked first, with the body in
 * the failure message, so a test that gets the wrong answer says what it got.
 */
import { expect } from 'vitest';

/** Expects `res` to answer `status` (its body is the failure message); `res`, to read on. */
export async function expectStatus(
  res: Response | Promise<Response>,
  status: number,
): Promise<Response> {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
}

/** The JSON body of an answer that must be `status` (200 unless told); null for a 204. */
export async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await expectStatus(res, status);
  return (status === 204 ? null : await r.json()) as T;
}
