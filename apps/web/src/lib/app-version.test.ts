import { describe, expect, it } from 'vitest';
import { appVersionLabel } from './app-version.ts';

describe('appVersionLabel', () => {
  it('says a build timestamp as a date, keeping the number', () => {
    expect(appVersionLabel('1764331500000')).toBe(
      'build of 28 Nov 2025, 12:05 UTC (1764331500000)',
    );
  });

  it('leaves anything else as it is', () => {
    expect(appVersionLabel('dev')).toBe('dev');
  });
});
