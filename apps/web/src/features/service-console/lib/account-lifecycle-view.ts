import { ACTIVE_ACCOUNT_EXPORT_STATUSES, type AccountExport } from '@tenantry/shared';
import { accountExportStatusLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

/** Queued or running: keep asking. */
export function isExporting(e: Pick<AccountExport, 'status'>): boolean {
  return (ACTIVE_ACCOUNT_EXPORT_STATUSES as readonly string[]).includes(e.status);
}

export function anyExporting(items: Pick<AccountExport, 'status'>[] | undefined): boolean {
  return (items ?? []).some(isExporting);
}

/** The progress in whole percent, 0–100 (0 until the job has counted what it writes). */
export function exportPercent(e: Pick<AccountExport, 'progress' | 'status'>): number {
  if (e.status === 'done') return 100;
  const { done, total } = e.progress;
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}

/** What the list says of one export's state. */
export function exportStateText(e: Pick<AccountExport, 'status' | 'progress'>): string {
  if (e.status === 'running') return t('exports.running', { percent: exportPercent(e) });
  return accountExportStatusLabel(e.status);
}

/** A file size for people: "312 KB", "1.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** An export that may still be downloaded (done and not expired). */
export function canDownload(e: Pick<AccountExport, 'status' | 'expiresAt'>, now = Date.now()) {
  return e.status === 'done' && Date.parse(e.expiresAt) > now;
}
