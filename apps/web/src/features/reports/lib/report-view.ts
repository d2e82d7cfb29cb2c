import { ACTIVE_REPORT_STATUSES, type Report } from '@tenantry/shared';

/** Queued or rendering: keep asking. */
export function isRendering(report: Pick<Report, 'status'> | undefined): boolean {
  return !!report && (ACTIVE_REPORT_STATUSES as readonly string[]).includes(report.status);
}

/** The progress in whole percent, 0–100. */
export function progressPercent(report: Pick<Report, 'progress'>): number {
  return Math.round(Math.min(1, Math.max(0, report.progress)) * 100);
}

/** What the person reads while the report is on its way. */
export function progressText(report: Pick<Report, 'status' | 'progress'>): string {
  return report.status === 'queued'
    ? 'Waiting to start the PDF report…'
    : `Rendering the PDF report… ${progressPercent(report)} %`;
}

/**
 * Starts the download of `url` as `fileName` (a link clicked for the person: the server
 * answers an attachment, so the page stays).
 */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
