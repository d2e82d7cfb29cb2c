/** Version check constants (docs/product.md, "On every page"). */
export const VERSION_CHECK_FIRST_DELAY_MS = 30_000;
export const VERSION_CHECK_INTERVAL_MS = 120_000;
export const VERSION_PATH = '/version.json';
export const NEW_VERSION_MESSAGE = 'A new version is available!';
export const NEW_VERSION_ACTION = 'Refresh Now';

export interface VersionDocument {
  timestamp: number;
}
