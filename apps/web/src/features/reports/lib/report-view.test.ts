import { describe, expect, it } from 'vitest';
import { isRendering, progressPercent, progressText } from './report-view.ts';

describe('the report’s progress, as shown', () => {
  it('keeps asking while queued or rendering', () => {
    expect(isRendering({ status: 'queued' })).toBe(true);
    expect(isRendering({ status: 'running' })).toBe(true);
    expect(isRendering({ status: 'done' })).toBe(false);
    expect(isRendering({ status: 'failed' })).toBe(false);
    expect(isRendering(undefined)).toBe(false);
  });

  it('says how far it is, in whole percent within 0–100', () => {
    expect(progressPercent({ progress: 0.456 })).toBe(46);
    expect(progressPercent({ progress: 1.2 })).toBe(100);
    expect(progressPercent({ progress: -1 })).toBe(0);
    expect(progressText({ status: 'queued', progress: 0 })).toBe(
      'Waiting to start the PDF report…',
    );
    expect(progressText({ status: 'running', progress: 0.35 })).toBe(
      'Rendering the PDF report… 35 %',
    );
  });
});
