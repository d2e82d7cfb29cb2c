import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  CLIENT_CONFIG_PROFILES,
  type ClientConfig,
  type ConfigProfile,
} from '@tenantry/shared';

export const CONFIG_PLACEHOLDER = '<!--tenantry-config-->';

/**
 * The build's timestamp from `${webDist}/version.json` (written by the web build), read once
 * at start; the server start time when the file is missing or unreadable.
 */
export function readVersionTimestamp(webDist: string, fallback = Date.now()): number {
  try {
    const doc = JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as {
      timestamp?: unknown;
    };
    if (typeof doc.timestamp === 'number' && Number.isFinite(doc.timestamp)) return doc.timestamp;
  } catch {
    // fall through
  }
  return fallback;
}

export function clientConfig(appEnv: ConfigProfile, publicUrl: string): ClientConfig {
  return { ...CLIENT_CONFIG_PROFILES[appEnv], authDomain: publicUrl };
}

/** The JSON data block that replaces the placeholder (not executed, so CSP-safe). */
export function configScriptTag(config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * index.html with the client configuration injected. Re-read when the file changes (a new
 * build while the server runs), otherwise served from memory.
 */
export function createIndexHtml(webDist: string, scriptTag: string, name = 'index.html') {
  return createHtmlPage(webDist, name, (raw) => raw.split(CONFIG_PLACEHOLDER).join(scriptTag));
}

/**
 * The guest pages' HTML entry (apps/web/guest.html: sign-in, sign-up, shared sign-in, password
 * reset, invitation — the routes with `entry: 'guest'`), with the client configuration.
 */
export const GUEST_HTML = 'guest.html';

/** The respondent page's HTML entry (apps/web/in-progress.html): its own page, no client config. */
export const RESPONDENT_HTML = 'in-progress.html';
/** The respondent page's service worker (scope /in-progress/), built by the web app. */
export const RESPONDENT_SW = 'in-progress-sw.js';

/** Whether a path is the respondent page: `/in-progress`, anything under it, or the file itself. */
export function isRespondentPagePath(urlPath: string): boolean {
  return (
    urlPath === '/in-progress' ||
    urlPath.startsWith('/in-progress/') ||
    urlPath === `/${RESPONDENT_HTML}`
  );
}

/**
 * One HTML file of the build, after `transform`; null when it is missing. Re-read when the file
 * changes (a new build while the server runs), otherwise served from memory.
 */
export function createHtmlPage(
  webDist: string,
  name: string,
  transform: (raw: string) => string = (raw) => raw,
) {
  const file = path.join(webDist, name);
  let cached: { mtimeMs: number; html: string } | undefined;
  return async (): Promise<string | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      cached = undefined;
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: transform(await readFile(file, 'utf8')) };
    }
    return cached.html;
  };
}

/** Resolves a URL path to a file inside webDist, or null (outside the root, missing, a dir). */
export async function resolveStaticFile(
  webDist: string,
  urlPath: string,
): Promise<{ file: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = path.resolve(webDist);
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return null;
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size } : null;
  } catch {
    return null;
  }
}

export function webDistReady(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}
