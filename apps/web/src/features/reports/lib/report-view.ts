import { ACTIVE_REPORT_STATUSES, type Report } from '@tenantry/shared';
import { t } from '../messages.ts';

type Key = Parameters<typeof t>[0];

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

/**
 * What is said of a file made in the background, each a whole sentence of its kind (the
 * catalogue's keys): its progress on the button and aloud, and how it ended.
 */
export interface FileJobWords {
  /** On the button: 'Rendering… 35 %' */
  working: Key;
  /** The progress bar's name: 'Progress of the PDF report' */
  progressBar: Key;
  /** Aloud while queued: 'Waiting to start the PDF report…' */
  queued: Key;
  /** Aloud while made: 'Rendering the PDF report… 35 %' */
  running: Key;
  /** 'The PDF report is ready: {fileName}' */
  ready: Key;
  /** 'The PDF report could not be made. Try again.' */
  failed: Key;
  /** 'Could not follow the PDF report: {error}' */
  lost: Key;
}
export const REPORT_WORDS: FileJobWords = {
  working: 'report.working',
  progressBar: 'report.progressBar',
  queued: 'report.queued',
  running: 'report.running',
  ready: 'report.ready',
  failed: 'report.failed',
  lost: 'report.lost',
};

/** What the person reads while the file is on its way. */
export function progressText(
  report: Pick<Report, 'status' | 'progress'>,
  words: FileJobWords = REPORT_WORDS,
): string {
  return report.status === 'queued'
    ? t(words.queued)
    : t(words.running, { percent: progressPercent(report) });
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
