import { describe, expect, it } from 'vitest';
import { DOC, PREVIEW, QUESTIONS } from '../test/fixtures.ts';
import {
  carriedOutcome,
  carriedText,
  carryCountsText,
  fieldLabel,
  questionsByKey,
  readableValue,
} from './carry-forward-view.ts';

describe('carrying forward, as the screen tells it', () => {
  it('counts what happens to the answers, one and many', () => {
    expect(carryCountsText({ carried: 12, review: 3, setAside: 2, added: 4 })).toBe(
      '12 answers carried as they are · 3 to review · 2 set aside (kept in the record) · 4 new questions',
    );
    expect(carryCountsText({ carried: 1, review: 0, setAside: 0, added: 1 })).toBe(
      '1 answer carried as it is · 0 to review · 0 set aside (kept in the record) · 1 new question',
    );
  });

  it('says what happens to each question and names the changed fields', () => {
    expect(PREVIEW.changed.map(carriedOutcome).map((o) => o.label)).toEqual([
      'Answer kept, to review',
      'Answer set aside',
    ]);
    expect(carriedOutcome({ ...PREVIEW.changed[0]!, answered: false }).label).toBe('Not answered');
    expect(carriedOutcome(PREVIEW.added[0]!).label).toBe('New, unanswered');
    expect(PREVIEW.changed[1]!.fields.map(fieldLabel)).toEqual(['Answer settings', 'Guidance']);
    expect(fieldLabel('something-new')).toBe('something-new');
  });

  it('says who carried it forward, from which version to which', () => {
    expect(
      carriedText({ fromVersion: 1, toVersion: 2, at: '2026-03-02T10:00:00.000Z', by: 'Robin' }),
    ).toMatch(/^Carried forward from v1 to v2 on .*2026 by Robin$/);
    expect(
      carriedText({ fromVersion: 1, toVersion: 2, at: '2026-03-02T10:00:00.000Z', by: null }),
    ).not.toContain(' by ');
  });

  it('reads a set-aside answer through its question when known, else as stored', () => {
    const questions = questionsByKey(DOC);
    expect(readableValue('vpn', false, questions.get('remote'))).toBe('VPN with MFA');
    expect(readableValue(['offline', 'immutable'], false, QUESTIONS.backups)).toBe(
      'Offline copy, Immutable',
    );
    expect(readableValue(null, true, QUESTIONS.remote)).toBe('Not applicable');
    expect(readableValue('ipsec', false, undefined)).toBe('ipsec');
    expect(readableValue(['tape', 'cloud'], false)).toBe('tape, cloud');
    expect(readableValue(42, false)).toBe('42');
    expect(readableValue(null, false)).toBe('No answer');
    expect(readableValue(null, true)).toBe('Not applicable');
    expect(questionsByKey(undefined).size).toBe(0);
  });
});
