/** "Never" or a short local date and time for a grant's last use. */
export function formatLastUsed(iso: string | null, locale?: string): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Never';
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
