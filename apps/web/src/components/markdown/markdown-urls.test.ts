import { describe, expect, it } from 'vitest';
import { insertAt } from './insert-text.ts';
import { isMediaImage, linkKind, safeUrl } from './markdown-urls.ts';

const ORIGIN = 'https://app.tenantry.test';

describe('markdown URLs', () => {
  it('keeps http(s), mailto, paths and fragments; drops every other scheme', () => {
    for (const ok of [
      'https://x.test/a',
      'http://x.test',
      'mailto:a@b.test',
      '/tenants',
      '#top',
      'page',
    ]) {
      expect(safeUrl(ok, ORIGIN)).toBe(ok);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(safeUrl(bad, ORIGIN)).toBe('');
    }
  });

  it('tells other sites from app pages and same-origin files', () => {
    expect(linkKind('https://evil.test/', ORIGIN)).toBe('external');
    expect(linkKind('//evil.test/x', ORIGIN)).toBe('external');
    expect(linkKind('/explore/frameworks', ORIGIN)).toBe('internal');
    expect(linkKind(`${ORIGIN}/explore`, ORIGIN)).toBe('internal');
    expect(linkKind('/api/v1/media/1', ORIGIN)).toBe('same-origin-file');
    expect(linkKind('#x', ORIGIN)).toBe('fragment');
    expect(linkKind('mailto:a@b.test', ORIGIN)).toBe('mailto');
  });

  it('shows as images only same-origin /api/v1/media/ URLs', () => {
    expect(isMediaImage('/api/v1/media/abc', ORIGIN)).toBe(true);
    expect(isMediaImage(`${ORIGIN}/api/v1/media/abc`, ORIGIN)).toBe(true);
    expect(isMediaImage('/api/v1/media/', ORIGIN)).toBe(false);
    expect(isMediaImage('//evil.test/api/v1/media/abc', ORIGIN)).toBe(false);
    expect(isMediaImage('https://evil.test/api/v1/media/abc', ORIGIN)).toBe(false);
    expect(isMediaImage('/api/v1/account', ORIGIN)).toBe(false);
  });

  it('inserts text in place of a selection, the caret after it', () => {
    expect(insertAt('hello world', { start: 6, end: 11 }, 'there')).toEqual({
      text: 'hello there',
      caret: 11,
    });
    expect(insertAt('abc', { start: 10, end: 12 }, 'X')).toEqual({ text: 'abcX', caret: 4 });
  });
});
