/**
 * A readable device from a browser's User-Agent header: "Chrome on Linux", "Safari on iPhone",
 * "Firefox on Windows". No library: the few families people use, in the order their headers
 * must be tested (Edge and Opera also say "Chrome", Chrome also says "Safari").
 */
import { t } from '../messages.ts';

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  // i18n-ignore: a browser's name
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(table: readonly (readonly [RegExp, string])[], ua: string): string | null {
  for (const [re, name] of table) if (re.test(ua)) return name;
  return null;
}

export const unknownDevice = () => t('device.unknown');

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return unknownDevice();
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return t('device.browserOnSystem', { browser, system });
  if (browser) return browser;
  if (system) return t('device.browserOn', { system });
  // A program rather than a browser ("curl/8.5.0", "node"): its name, kept short.
  const product = /^([A-Za-z][\w.-]{0,30})/.exec(ua)?.[1];
  return product && product !== 'Mozilla' ? t('device.program', { product }) : unknownDevice();
}

/** A phone or tablet, from the same header. */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return /\b(iPhone|iPad|Android|Mobile)\b/.test(userAgent ?? '');
}
