import { describe, expect, it } from 'vitest';
import { insertBlockAt } from './insert-text.ts';

const IMG = '![Logo](/api/v1/media/m1)';

describe('insertBlockAt (an image inserted into markdown)', () => {
  it('right after a quote line, starts a new block instead of landing in the quote', () => {
    const text = '> Quoted advice';
    const r = insertBlockAt(text, { start: text.length, end: text.length }, IMG);
    expect(r.text).toBe(`> Quoted advice\n\n${IMG}`);
    expect(r.caret).toBe(r.text.length);
  });

  it('at the start of the line after a quote, still leaves a blank line between', () => {
    const text = '> Quoted\nNext';
    const r = insertBlockAt(text, { start: 9, end: 9 }, IMG);
    expect(r.text).toBe(`> Quoted\n\n${IMG}\n\nNext`);
    expect(r.text.slice(0, r.caret)).toBe(`> Quoted\n\n${IMG}`);
  });

  it('adds nothing where the blank lines are already there, or at the edges', () => {
    expect(insertBlockAt('', { start: 0, end: 0 }, IMG).text).toBe(IMG);
    expect(insertBlockAt('A\n\n\n\nB', { start: 3, end: 3 }, IMG).text).toBe(`A\n\n${IMG}\n\nB`);
  });
});
