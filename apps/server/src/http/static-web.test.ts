import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_CONFIG_PROFILES } from '@tenantry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, tempDir, type TestApp } from '../test/app.ts';

const BUILD_TIMESTAMP = 1_760_000_000_000;
let t: TestApp;
let dist: ReturnType<typeof tempDir>;

beforeAll(async () => {
  dist = tempDir('tenantry-web-dist-');
  mkdirSync(path.join(dist.dir, 'assets'));
  writeFileSync(
    path.join(dist.dir, 'index.html'),
    '<!doctype html><html><head><!--tenantry-config--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist.dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(
    path.join(dist.dir, 'in-progress.html'),
    '<!doctype html><html><head><meta name="referrer" content="no-referrer"><script type="module" src="/assets/in-progress-def456.js"></script></head><body><div id="root">respondent</div></body></html>',
  );
  writeFileSync(
    path.join(dist.dir, 'guest.html'),
    '<!doctype html><html><head><!--tenantry-config--><script type="module" src="/assets/guest-ghi789.js"></script></head><body><div id="root">guest</div></body></html>',
  );
  writeFileSync(
    path.join(dist.dir, 'in-progress-sw.js'),
    'self.addEventListener("fetch", () => {});',
  );
  writeFileSync(path.join(dist.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist.dir, 'version.json'),
    JSON.stringify({ timestamp: BUILD_TIMESTAMP }),
  );
  t = await setupTestApp({
    config: { webDist: dist.dir, publicUrl: 'http://localhost:3000', appEnv: 'production' },
  });
});
afterAll(async () => {
  await t?.close();
  dist?.remove();
});

function injectedConfig(html: string): unknown {
  const match = /<script type="application\/json" id="tenantry-config">(.*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no config block');
  return JSON.parse(match[1]);
}

describe('version.json', () => {
  it('answers the build timestamp with caching disabled', async () => {
    const res = await t.client().get(`/version.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ timestamp: BUILD_TIMESTAMP });
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('expires')).toBe('0');
  });

  it('falls back to the server start time without a build', async () => {
    const before = Date.now();
    const bare = await setupTestApp({ database: t.database });
    const { timestamp } = (await (await bare.client().get('/version.json')).json()) as {
      timestamp: number;
    };
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });
});

describe('the web app', () => {
  it('any app path gets index.html with the active client configuration injected', async () => {
    for (const p of ['/', '/tenant/abc/overview', '/admin']) {
      const res = await t.client().get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).not.toContain('<!--tenantry-config-->');
      expect(injectedConfig(html)).toEqual({
        ...CLIENT_CONFIG_PROFILES.production,
        authDomain: 'http://localhost:3000',
      });
    }
  });

  it('the test profile is selected with APP_ENV=test, and "<" cannot break out of the block', async () => {
    const other = await setupTestApp({
      database: t.database,
      config: {
        webDist: dist.dir,
        appEnv: 'test',
        publicUrl: 'http://localhost:3000/</script><x>',
      },
    });
    const html = await (await other.client().get('/')).text();
    expect(html).not.toContain('</script><x>');
    expect(injectedConfig(html)).toMatchObject({
      profile: 'test',
      authDomain: 'http://localhost:3000/</script><x>',
    });
  });

  it('hashed assets are cached for a year; a missing asset is 404, not the app', async () => {
    const res = await t.client().get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
    expect((await t.client().get('/assets/gone-999.js')).status).toBe(404);
    const icon = await t.client().get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it('does not serve files outside the build directory', async () => {
    const res = await t.client().get('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toMatch(/root:/);
  });

  it('without a build, the home page says to run npm run build', async () => {
    const empty = tempDir('tenantry-empty-dist-');
    try {
      const bare = await setupTestApp({ database: t.database, config: { webDist: empty.dir } });
      const res = await bare.client().get('/');
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/npm run build/);
    } finally {
      empty.remove();
    }
  });

  it('/in-progress/* is the respondent page: its own HTML, no referrer, not cached', async () => {
    for (const p of [
      '/in-progress/acc1/ten1?token=rsp_abcdefghijklmnopqrstuvwxyz',
      '/in-progress/acc1/ten1/',
      '/in-progress',
      '/in-progress/anything/else.js',
      '/in-progress.html',
    ]) {
      const res = await t.client().get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('respondent');
      expect(html).not.toContain('id="tenantry-config"');
    }
    // Paths that only look alike stay the main app's.
    for (const p of ['/in-progressive', '/tenant/in-progress/x']) {
      const html = await (await t.client().get(p)).text();
      expect(html, p).toContain('id="tenantry-config"');
    }
  });

  it('the guest pages are their own entry, with the client configuration', async () => {
    for (const p of [
      '/signin',
      '/signin/',
      '/signin?next=%2Ftenant',
      '/signup',
      '/sharedSignin/ten1',
      '/forgot-password',
      '/reset-password?token=abc',
      '/invitations/tok1',
    ]) {
      const res = await t.client().get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html, p).toContain('guest');
      expect(injectedConfig(html), p).toMatchObject({ profile: 'production' });
    }
    // Everything else stays the main app's, and the file itself is no page of its own.
    for (const p of ['/signout', '/verify-email', '/sharedSignin', '/signinx', '/guest.html']) {
      const html = await (await t.client().get(p)).text();
      expect(html, p).toContain('app-abc123.js');
    }
  });

  it('serves the respondent page’s service worker uncached', async () => {
    const res = await t.client().get('/in-progress-sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('without the respondent page in the build, /in-progress/* says to build', async () => {
    const other = tempDir('tenantry-web-dist-main-only-');
    try {
      writeFileSync(path.join(other.dir, 'index.html'), '<html><body>main</body></html>');
      const bare = await setupTestApp({ database: t.database, config: { webDist: other.dir } });
      const res = await bare.client().get('/in-progress/a/b');
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/npm run build/);
      expect(await (await bare.client().get('/home')).text()).toContain('main');
    } finally {
      other.remove();
    }
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    const file = path.join(dist.dir, 'index.html');
    writeFileSync(file, '<html><head><!--tenantry-config--></head><body>v2</body></html>');
    const html = await (await t.client().get('/home')).text();
    expect(html).toContain('v2');
    expect(html).toContain('id="tenantry-config"');
    rmSync(path.join(dist.dir, 'nothing'), { force: true });
  });
});
