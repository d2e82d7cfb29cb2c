/** Set by the build (build/version-file.ts, versionFilePlugin): the build's timestamp. */
declare const __APP_VERSION__: string | undefined;

/**
 * The version of the app this page runs: the build's timestamp, the same number
 * `/version.json` answers (the new-version check); `dev` outside a build (dev server, tests).
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/**
 * A version as a person reads it: "build of 28 Nov 2025, 12:05 UTC (1764331500000)" — the
 * date of the build first, the number the version check compares kept after it, so a support
 * ticket still names the exact build. Anything else (`dev`) is returned as it is.
 */
export function appVersionLabel(version: string = APP_VERSION): string {
  if (!/^\d{10,16}$/.test(version)) return version;
  const at = new Date(Number(version));
  if (Number.isNaN(at.getTime())) return version;
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  // i18n-ignore: sent with support tickets as it is, for staff to read
  return `build of ${day} UTC (${version})`;
}
