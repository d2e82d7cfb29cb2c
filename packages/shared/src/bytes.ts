/** Sizes for people. No zod here: the respondent page imports this file. */

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
/** Intl's names of the same units (`Intl.NumberFormat`'s `unit`). */
const INTL_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size in the largest unit it reaches: binary multiples (1 KB = 1,024 bytes), as the quotas
 * are defined, one decimal below 10 of a unit (whole bytes).
 */
export function scaleBytes(bytes: number): { value: number; unit: number } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return { value: bytes, unit };
  return { value: value < 10 ? Math.round(value * 10) / 10 : Math.round(value), unit };
}

/** The unit of `scaleBytes` as `Intl.NumberFormat` names it. */
export const intlByteUnit = (unit: number) => INTL_UNITS[unit] ?? 'byte';

/** "0 bytes", "1 byte", "512 KB", "1.5 GB" (English; the respondent page: Translator.fileSize). */
export function formatBytes(bytes: number): string {
  if (bytes === 1) return '1 byte';
  const { value, unit } = scaleBytes(bytes);
  return `${value} ${UNITS[unit]}`;
}
