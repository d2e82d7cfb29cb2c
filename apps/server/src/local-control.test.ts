import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, CLI_TOKEN_HEADER } from './local-control.ts';
import { setupTestApp, uniqueEmail, type TestApp } from './test/app.ts';

const TOKEN = 'cli-token-for-tests-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ cliToken: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe('the CLI of a PGlite deployment runs through the server', () => {
  it('runs a command for the holder of the token', async () => {
    const browser = t.client();
    const email = uniqueEmail('cli');
    await browser.signUp({ email });
    const res = await t.app.request(CLI_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_TOKEN_HEADER]: TOKEN },
      body: JSON.stringify({ argv: ['grant-admin', email] }),
    });
    expect(await res.json()).toMatchObject({ exitCode: 0 });
    const me = (await (await browser.get('/api/v1/me')).json()) as { role: string };
    expect(me.role).toBe('systemadmin');
  });

  it('refuses anyone without the token, and is absent without one configured', async () => {
    const res = await t.app.request(CLI_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_TOKEN_HEADER]: 'guess' },
      body: JSON.stringify({ argv: ['grant-admin', 'x@example.com'] }),
    });
    expect(res.status).toBe(403);
    const plain = await setupTestApp({ database: t.database });
    const absent = await plain.app.request(CLI_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_TOKEN_HEADER]: TOKEN },
      body: JSON.stringify({ argv: ['grant-admin', 'x@example.com'] }),
    });
    expect(absent.status).not.toBe(200);
  });
});
