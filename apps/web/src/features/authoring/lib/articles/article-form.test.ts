import type { Article } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { formValuesOf, readingTime, toSaveBody } from './article-form.ts';

const ARTICLE: Article = {
  id: 'a1',
  key: 'running-assessments',
  scope: 'global',
  status: 'published',
  revision: 2,
  publishedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  title: 'Running assessments',
  summary: 'How to',
  tags: ['guide'],
  body: '# Hello',
};

describe('article form', () => {
  it('round-trips an article, tags cleaned', () => {
    const values = {
      ...formValuesOf(ARTICLE),
      title: ' Running assessments ',
      tags: ['Guide', 'guide '],
    };
    expect(toSaveBody(values, 2)).toEqual({
      revision: 2,
      title: 'Running assessments',
      summary: 'How to',
      tags: ['guide'],
      body: '# Hello',
    });
  });

  it('tells the reading time', () => {
    expect(readingTime('')).toBe('1 min read');
    expect(readingTime(Array.from({ length: 1000 }, () => 'word').join(' '))).toBe('5 min read');
  });
});
