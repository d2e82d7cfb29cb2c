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
export function createIndexHtml(webDist: string, scriptTag: string) {
  const file = path.join(webDist, 'index.html');
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
      const raw = await readFile(file, 'utf8');
      cached = { mtimeMs, html: raw.split(CONFIG_PLACEHOLDER).join(scriptTag) };
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
