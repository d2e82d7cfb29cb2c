import { describe, expect, it } from 'vitest';
import { csvCell, fileNameOf, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and leaves the rest', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(0.55)).toBe('0.55');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('yes');
  });

  it('never lets a spreadsheet run a text cell as a formula', () => {
    for (const attack of [
      '=HYPERLINK("http://evil.example","click")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ]) {
      const cell = csvCell(attack);
      expect(cell.replace(/^"/, '').startsWith("'"), attack).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes a file with a byte-order mark and CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, '=y'],
        ],
      ),
    ).toBe("\uFEFFa,b\r\n1,x\r\n,'=y\r\n");
  });

  it('makes safe file names', () => {
    expect(fileNameOf('Acme – Q4 review', 'csv')).toBe('Acme-Q4-review.csv');
    expect(fileNameOf('Café "quoted"/../x', 'csv')).toBe('Cafe-quoted-x.csv');
    expect(fileNameOf('///', 'csv')).toBe('export.csv');
  });
});
