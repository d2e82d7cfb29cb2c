import { formatDateTime } from '#web/lib/format.ts';
import { t } from '../messages.ts';

/** "Never" or a short local date and time for a grant's last use. */
export function formatLastUsed(iso: string | null, locale?: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return t('table.lastUsed.never');
  return formatDateTime(iso, locale);
}
