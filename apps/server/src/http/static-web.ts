import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { isGuestPagePath } from '@tenantry/shared';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppConfig } from '../config.ts';
import {
  GUEST_HTML,
  RESPONDENT_HTML,
  RESPONDENT_SW,
  clientConfig,
  configScriptTag,
  createHtmlPage,
  createIndexHtml,
  isRespondentPagePath,
  resolveStaticFile,
} from './static-web.service.ts';

const STATIC_EXTENSIONS =
  /\.(?:m?js|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|txt|xml|webmanifest|wasm|br|gz)$/i;

/**
 * The built web app: files from WEB_DIST (hashed /assets/* cached for a year), the respondent
 * page (in-progress.html) for /in-progress/*, the guest pages (guest.html, with the client
 * configuration) for the routes with `entry: 'guest'` (sign-in, sign-up…), and index.html with
 * the client configuration injected for every other GET (history fallback).
 */
export function createWebRoutes(config: AppConfig) {
  const { webDist, appEnv, publicUrl } = config;
  const configTag = configScriptTag(clientConfig(appEnv, publicUrl));
  const indexHtml = createIndexHtml(webDist, configTag);
  const guestHtml = createIndexHtml(webDist, configTag, GUEST_HTML);
  const respondentHtml = createHtmlPage(webDist, RESPONDENT_HTML);
  const web = new Hono();

  web.get('*', async (c) => {
    const urlPath = c.req.path;
    // The respondent page (/in-progress/{tid}/{ttid}?token=…) is its own entry, without the
    // main app. Its address carries the token until the page removes it: never sent on as a
    // referrer, and never cached (a new build's page must arrive at once).
    if (isRespondentPagePath(urlPath)) {
      c.header('referrer-policy', 'no-referrer');
      c.header('x-robots-tag', 'noindex, nofollow');
      return htmlPage(c, await respondentHtml());
    }
    // The guest pages (sign-in, sign-up, shared sign-in, password reset, invitation) are their
    // own small entry, without the main app's shell (docs/architecture.md, "Entries").
    if (isGuestPagePath(urlPath)) return htmlPage(c, await guestHtml());
    // The file itself is not a page: it would lack its configuration.
    if (urlPath !== '/' && urlPath !== '/index.html' && urlPath !== `/${GUEST_HTML}`) {
      const found = await resolveStaticFile(webDist, urlPath);
      if (found) return serveFile(c, webDist, found.file, found.size, urlPath);
      if (urlPath.startsWith('/assets/') || STATIC_EXTENSIONS.test(urlPath)) {
        return c.text('Not found', 404);
      }
    }
    return htmlPage(c, await indexHtml());
  });
  return web;
}

function htmlPage(c: Context, html: string | null) {
  if (html === null) {
    c.header('cache-control', 'no-store');
    return c.text(
      'Tenantry: the web app has not been built yet. Run `npm run build` (or `npm start`), then reload this page.',
      503,
    );
  }
  c.header('cache-control', 'no-cache');
  return c.html(html, 200);
}

async function serveFile(c: Context, webDist: string, file: string, size: number, urlPath: string) {
  const immutable = urlPath.startsWith('/assets/');
  c.header(
    'cache-control',
    immutable
      ? 'public, max-age=31536000, immutable'
      : // A service worker is checked for a new version on every visit.
        urlPath === `/${RESPONDENT_SW}`
        ? 'no-cache'
        : 'public, max-age=3600, must-revalidate',
  );
  c.header('content-type', getMimeType(file) ?? 'application/octet-stream');
  let servedFile = file;
  let servedSize = size;
  if (/\.(?:m?js|css|svg|json|html|txt|map|wasm)$/i.test(file)) {
    c.header('vary', 'accept-encoding');
    const accept = c.req.header('accept-encoding') ?? '';
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!accept.includes(enc)) continue;
      const pre = await resolveStaticFile(webDist, `${urlPath}${ext}`);
      if (pre) {
        c.header('content-encoding', enc);
        servedFile = pre.file;
        servedSize = pre.size;
        break;
      }
    }
  }
  c.header('content-length', String(servedSize));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  const stream = Readable.toWeb(createReadStream(servedFile)) as ReadableStream;
  return c.body(stream, 200);
}
