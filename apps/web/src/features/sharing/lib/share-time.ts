import { formatDateTime } from '#web/lib/format.ts';

/** "Never" or a short local date and time for a grant's last use. */
export function formatLastUsed(iso: string | null, locale?: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return 'Never';
  return formatDateTime(iso, locale);
}
