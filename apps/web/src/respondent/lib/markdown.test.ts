import fs from 'node:fs';
import path from 'node:path';
import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './markdown.ts';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What micromark renders for paragraphs of plain text. */
const asHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n');

function shippedTexts(): string[] {
  const dir = path.resolve(__dirname, '../../../../server/library/frameworks');
  const texts: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const walk = (sections: Array<Record<string, unknown>>) => {
      for (const s of sections) {
        texts.push(String(s.description ?? ''), String(s.guidance ?? ''));
        for (const q of s.questions as Array<Record<string, unknown>>)
          texts.push(String(q.description ?? ''), String(q.guidance ?? ''));
        walk((s.sections ?? []) as Array<Record<string, unknown>>);
      }
    };
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')).sections);
  }
  return texts;
}

describe('plain text without micromark', () => {
  it('renders plain sentences as micromark would', () => {
    const texts = [
      'One sentence.',
      'Two lines\nof one paragraph.',
      '  Indented a little, then\n   continued.  ',
      'First paragraph.\n\nSecond one, (with brackets) and "quotes".\n \nThird.',
      'Ends with a blank line\n\n',
    ];
    for (const text of texts) {
      const plain = plainParagraphs(text);
      expect(plain, text).not.toBeNull();
      expect(asHtml(plain!), text).toBe(micromark(text).trim());
    }
    expect(plainParagraphs('   ')).toEqual([]);
  });

  it('leaves anything that may be markdown to micromark', () => {
    for (const text of [
      '**bold**',
      'a_b_',
      'see [the policy](https://example.test)',
      'https://example.test',
      'www.example.test',
      'mail me: someone@example.test',
      '# Heading',
      'Title\n===',
      'Title\n---',
      '- item',
      '+ item',
      '1. first',
      '2) second',
      '> quoted',
      '    code',
      '\tcode',
      'a | b\n--|--\n1 | 2',
      'hard  \nbreak',
      'Tom &amp; Jerry',
      '<b>raw</b>',
      '`code`',
      '~~gone~~',
      'escaped \\*',
      '![image](x.png)',
    ]) {
      expect(plainParagraphs(text), text).toBeNull();
    }
  });

  it('renders every plain text of the shipped frameworks exactly as micromark does', () => {
    const texts = shippedTexts();
    let plain = 0;
    for (const text of texts) {
      const paragraphs = plainParagraphs(text);
      if (!paragraphs) continue;
      plain++;
      expect(asHtml(paragraphs), text).toBe(micromark(text).trim());
    }
    // Most descriptions are plain sentences: the fast path is the common one.
    expect(plain).toBeGreaterThan(texts.length / 3);
  });
});
