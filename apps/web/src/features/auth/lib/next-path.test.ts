import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath } from './next-path.ts';

describe('safe next path', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeNextPath('/invitations/abc_DEF-123')).toBe('/invitations/abc_DEF-123');
    expect(safeNextPath('/tenant?q=a#top')).toBe('/tenant?q=a#top');
  });

  it('refuses other sites and tricks', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/\t/evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });

  it('reads next from a query string', () => {
    expect(nextFromSearch('?email=a%40b.test&next=%2Finvitations%2Fxyz')).toBe('/invitations/xyz');
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('')).toBeNull();
  });
});
