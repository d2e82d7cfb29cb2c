import { describe, expect, it } from 'vitest';
import {
  anyExporting,
  canDownload,
  exportPercent,
  exportStateText,
  formatSize,
} from './account-lifecycle-view.ts';

describe('how an export is shown', () => {
  it('says how far it is, 0 until the job has counted, 100 once done', () => {
    expect(exportPercent({ status: 'queued', progress: { done: 0, total: 0 } })).toBe(0);
    expect(exportPercent({ status: 'running', progress: { done: 1, total: 3 } })).toBe(33);
    expect(exportPercent({ status: 'done', progress: { done: 0, total: 0 } })).toBe(100);
    expect(exportStateText({ status: 'running', progress: { done: 1, total: 2 } })).toBe(
      'Exporting… 50 %',
    );
    expect(exportStateText({ status: 'failed', progress: { done: 1, total: 2 } })).toBe('Failed');
  });

  it('polls while one is on its way; offers the download while done and unexpired', () => {
    expect(anyExporting(undefined)).toBe(false);
    expect(anyExporting([{ status: 'done' }, { status: 'running' }])).toBe(true);
    const now = Date.parse('2026-11-26T00:00:00Z');
    expect(canDownload({ status: 'done', expiresAt: '2026-11-27T00:00:00Z' }, now)).toBe(true);
    expect(canDownload({ status: 'done', expiresAt: '2026-11-25T00:00:00Z' }, now)).toBe(false);
    expect(canDownload({ status: 'running', expiresAt: '2026-11-27T00:00:00Z' }, now)).toBe(false);
  });

  it('sizes files for people', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(52_000)).toBe('51 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.00 GB');
  });
});
