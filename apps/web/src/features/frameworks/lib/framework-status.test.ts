import { describe, expect, it } from 'vitest';
import {
  diffSummary,
  draftHeadline,
  isEmptyDiff,
  statusBadges,
  translationsSummary,
} from './framework-status.ts';

describe('framework status', () => {
  it('badges a draft only, a published one with or without draft changes, an archived one', () => {
    const labels = (f: Parameters<typeof statusBadges>[0]) => statusBadges(f).map((b) => b.label);
    expect(labels({ latestVersion: null, hasDraftChanges: true, archivedAt: null })).toEqual([
      'Draft only',
    ]);
    expect(labels({ latestVersion: 3, hasDraftChanges: false, archivedAt: null })).toEqual([
      'Published v3',
    ]);
    expect(labels({ latestVersion: 3, hasDraftChanges: true, archivedAt: null })).toEqual([
      'Published v3',
      'Draft changes',
    ]);
    expect(labels({ latestVersion: 1, hasDraftChanges: false, archivedAt: '2026-01-01' })).toEqual([
      'Archived',
      'Published v1',
    ]);
  });

  it('says the draft state in one line', () => {
    expect(draftHeadline({ latestVersion: 2, hasDraftChanges: true })).toBe(
      'Draft (changes since v2)',
    );
    expect(draftHeadline({ latestVersion: 3, hasDraftChanges: false })).toBe(
      'Published v3, no changes',
    );
    expect(draftHeadline({ latestVersion: null, hasDraftChanges: true })).toBe(
      'Draft, not published yet',
    );
  });

  it('sums up a diff', () => {
    const node = { key: 'A', kind: 'question' as const, title: 'A', path: [] };
    const diff = {
      added: [node, node],
      removed: [],
      changed: [{ ...node, fields: ['title' as const], affectsAnswers: false }],
      metadataChanged: true,
    };
    expect(diffSummary(diff)).toBe(
      '2 added, 0 removed, 1 changed; the framework’s details changed',
    );
    expect(isEmptyDiff({ added: [], removed: [], changed: [], metadataChanged: false })).toBe(true);
    expect(isEmptyDiff(diff)).toBe(false);
  });
});

describe('translationsSummary', () => {
  it('says per language what shows in English, nothing for a framework in English only', () => {
    expect(translationsSummary([])).toBeNull();
    expect(
      translationsSummary([
        { locale: 'de', count: 0, items: [] },
        { locale: 'fr', count: 1, items: [{ key: 'A', fields: ['title'] }] },
        { locale: 'nl', count: 3, items: [{ key: 'A', fields: ['title', 'guidance', 'levels'] }] },
      ]),
    ).toBe('German complete; French: 1 text shows in English; Dutch: 3 texts show in English');
  });
});
