/**
 * CSV files for spreadsheets (RFC 4180, UTF-8 with a byte-order mark so Excel reads the
 * accents right). Spreadsheet-safe: a text cell that a spreadsheet would take for a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`, so it
 * is shown as text and never run (OWASP, "CSV injection"). Numbers are written as numbers.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a comma, a quote or a line break; formulas defused. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The byte-order mark a file starts with (Excel then reads it as UTF-8). */
export const CSV_BOM = '\uFEFF';

/** One line of a file, with its CRLF end (for a file written as a stream). */
export function csvRow(row: readonly CsvCell[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** A whole file: the header row, then the rows, CRLF line ends, with a byte-order mark. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = CSV_BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

/** A file name for Content-Disposition: ASCII letters and digits joined by dashes, at most 80. */
export function fileNameOf(name: string, extension: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export';
  return `${base}.${extension}`;
}

/** Headers of a CSV download named `fileName`. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}
