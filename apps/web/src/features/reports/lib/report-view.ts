import { ACTIVE_REPORT_STATUSES, type Report } from '@tenantry/shared';

/*
 * Files made in the background and downloaded once done (PDF reports, evidence packs): both
 * have the statuses queued, running, done and failed and a progress in [0, 1].
 */

/** Queued or running: keep asking. */
export function isRendering(report: Pick<Report, 'status'> | undefined): boolean {
  return !!report && (ACTIVE_REPORT_STATUSES as readonly string[]).includes(report.status);
}

/** The progress in whole percent, 0–100. */
export function progressPercent(report: Pick<Report, 'progress'>): number {
  return Math.round(Math.min(1, Math.max(0, report.progress)) * 100);
}

/** What a file made in the background is called, and what it is doing meanwhile. */
export interface FileJobWords {
  /** 'PDF report', 'evidence pack' */
  kind: string;
  /** 'Rendering', 'Packing' */
  working: string;
}
export const REPORT_WORDS: FileJobWords = { kind: 'PDF report', working: 'Rendering' };

/** What the person reads while the file is on its way. */
export function progressText(
  report: Pick<Report, 'status' | 'progress'>,
  words: FileJobWords = REPORT_WORDS,
): string {
  return report.status === 'queued'
    ? `Waiting to start the ${words.kind}…`
    : `${words.working} the ${words.kind}… ${progressPercent(report)} %`;
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
