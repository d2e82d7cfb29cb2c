/** Set by the build (vite-plugins.ts, versionFilePlugin): the build's timestamp. */
declare const __APP_VERSION__: string | undefined;

/**
 * The version of the app this page runs: the build's timestamp, the same number
 * `/version.json` answers (the new-version check); `dev` outside a build (dev server, tests).
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
