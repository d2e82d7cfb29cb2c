import { describe, expect, it } from 'vitest';
import { COMPARISON, QUESTIONS, SECTIONS } from '../test/fixtures.ts';
import {
  chartSummary,
  deltaRows,
  formatDelta,
  gapText,
  questionGap,
  questionScoreText,
  questionTaskBadge,
  radarRows,
  resolveFocus,
  shorten,
  wrapLabel,
} from './baseline-view.ts';

describe('baseline view', () => {
  it('writes a delta as signed whole points', () => {
    expect(formatDelta(0.12)).toBe('+12 pts');
    expect(formatDelta(-0.05)).toBe('−5 pts');
    expect(formatDelta(0.01)).toBe('+1 pt');
    expect(formatDelta(0.004)).toBe('0 pts');
    expect(formatDelta(-0.004)).toBe('0 pts');
    expect(formatDelta(0)).toBe('0 pts');
    expect(formatDelta(null)).toBe('—');
  });

  it('writes the gap to a target', () => {
    const side = { score: 0.5, target: 0.8, gap: 0.3, answered: 1, total: 1 };
    expect(gapText(side)).toBe('30 pts');
    expect(gapText({ ...side, gap: 0 })).toBe('Met');
    expect(gapText({ ...side, gap: 0.004 })).toBe('<1 pt');
    expect(gapText({ ...side, gap: null })).toBe('—');
    expect(gapText(null)).toBe('—');
  });

  it('writes a question side in words when it has no score', () => {
    const s = { score: 0.5, answered: true, na: false, gap: false };
    expect(questionScoreText(s)).toBe('50 %');
    expect(questionScoreText({ ...s, score: null, na: true })).toBe('N/A');
    expect(questionScoreText({ ...s, score: null, answered: false })).toBe('Not answered');
    expect(questionScoreText({ ...s, score: null })).toBe('Not scored');
    expect(questionScoreText(null)).toBe('—');
  });

  it('marks a gap now, or a gap closed since the baseline', () => {
    const [mfa, coverage, passkeys] = QUESTIONS;
    expect(questionGap(mfa!)).toBe('closed');
    expect(questionGap(coverage!)).toBe('gap');
    expect(questionGap(passkeys!)).toBeNull();
  });

  it('resolves a focus: a section, a question within its section, or nothing', () => {
    expect(resolveFocus(COMPARISON, undefined)).toEqual({ kind: 'all' });
    const section = resolveFocus(COMPARISON, 'identity.admin');
    expect(section.kind === 'section' && section.trail.map((s) => s.key)).toEqual(['identity']);
    const question = resolveFocus(COMPARISON, 'review');
    expect(question.kind === 'section' && [question.section.key, question.question?.key]).toEqual([
      'identity.admin',
      'review',
    ]);
    expect(resolveFocus(COMPARISON, 'nope')).toEqual({ kind: 'unknown' });
  });

  it('feeds the charts with the top-level sections in percent and points', () => {
    expect(radarRows(SECTIONS)).toEqual([
      { section: 'Identity', Latest: 75, Baseline: 40, Target: 80 },
      { section: 'Data protection', Latest: 50, Baseline: 70, Target: null },
      { section: 'Network', Latest: 60, Baseline: 60, Target: 50 },
    ]);
    expect(deltaRows(SECTIONS)).toEqual([
      { section: 'Identity', Change: 35 },
      { section: 'Data protection', Change: -20 },
      { section: 'Network', Change: 0 },
    ]);
    expect(chartSummary(SECTIONS)).toBe(
      'Identity: latest 75 %, baseline 40 %, change +35 pts; Data protection: latest 50 %, baseline 70 %, change −20 pts; Network: latest 60 %, baseline 60 %, change 0 pts',
    );
  });

  it('shortens a long axis label', () => {
    expect(shorten('Identity', 10)).toBe('Identity');
    expect(shorten('Identity and access management', 12)).toBe('Identity an…');
  });

  it('says where a question’s remediation task stands', () => {
    const task = {
      id: 'k1',
      title: 'Fix it',
      doneAt: null,
      awaitingConfirmation: false,
    };
    expect(questionTaskBadge({ ...task, status: 'todo' })).toEqual({
      label: 'Task: To do',
      color: 'gray',
    });
    expect(questionTaskBadge({ ...task, status: 'in_progress' })).toEqual({
      label: 'Task: In progress',
      color: 'blue',
    });
    const done = { ...task, status: 'done' as const, doneAt: '2026-03-01T10:00:00.000Z' };
    expect(questionTaskBadge({ ...done, awaitingConfirmation: true })).toEqual({
      label: 'Fixed — awaiting confirmation',
      color: 'teal',
    });
    expect(questionTaskBadge(done)).toEqual({ label: 'Done', color: 'green' });
    expect(questionTaskBadge({ ...task, status: 'risk_accepted' })).toEqual({
      label: 'Risk accepted',
      color: 'grape',
    });
  });
});

describe('wrapLabel', () => {
  it('wraps a long section name instead of cutting it', () => {
    expect(wrapLabel('Monitoring & Incident Response', 12)).toEqual([
      'Monitoring &',
      'Incident',
      'Response',
    ]);
    expect(wrapLabel('Identity', 12)).toEqual(['Identity']);
  });

  it('ends in "…" only beyond its lines', () => {
    expect(wrapLabel('One two three four five six seven', 9, 2)).toEqual(['One two', 'three fo…']);
  });
});
