import type { RoadmapItem } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { byStatus, readFilters, votesLabel, writeFilters } from './roadmap-view.ts';
import { readStaffState } from './staff-view.ts';

const item = (id: string, status: RoadmapItem['status']): RoadmapItem => ({
  id,
  title: id,
  description: '',
  status,
  tags: [],
  approved: true,
  voteCount: 0,
  commentCount: 0,
  mine: false,
  voted: false,
  mergedInto: null,
  author: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('roadmap filters in the URL', () => {
  it('reads the view, status and tag; unknown values fall back', () => {
    expect(readFilters(new URLSearchParams('view=top&status=planned&tag=UI'))).toEqual({
      view: 'top',
      status: 'planned',
      tag: 'ui',
    });
    expect(readFilters(new URLSearchParams('view=sideways&status=lost'))).toEqual({
      view: 'trending',
      status: null,
      tag: null,
    });
  });

  it('writes changes, leaves defaults out and keeps other parameters (the open item)', () => {
    const p = new URLSearchParams('item=abc&view=top');
    expect(writeFilters(p, { view: 'trending' }).toString()).toBe('item=abc');
    expect(writeFilters(p, { status: 'done' }).toString()).toBe('item=abc&view=top&status=done');
  });
});

describe('board and labels', () => {
  it('groups items by status in their order', () => {
    const g = byStatus([item('a', 'planned'), item('b', 'done'), item('c', 'planned')]);
    expect(g.planned.map((i) => i.id)).toEqual(['a', 'c']);
    expect(g.done.map((i) => i.id)).toEqual(['b']);
    expect(g.under_review).toEqual([]);
  });

  it('counts in words', () => {
    expect(votesLabel(1)).toBe('1 vote');
    expect(votesLabel(0)).toBe('0 votes');
  });

  it('reads the triage state, pending by default', () => {
    expect(readStaffState('all')).toBe('all');
    expect(readStaffState(null)).toBe('pending');
    expect(readStaffState('x')).toBe('pending');
  });
});
