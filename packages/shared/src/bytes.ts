/** Sizes for people. No zod here: the respondent page imports this file. */

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * "0 bytes", "1 byte", "512 KB", "1.5 GB": binary multiples (1 KB = 1,024 bytes), as the quotas
 * are defined, one decimal below 10 of a unit.
 */
export function formatBytes(bytes: number): string {
  if (bytes === 1) return '1 byte';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} bytes`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
