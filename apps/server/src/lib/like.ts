import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `s` as a literal inside a LIKE or ILIKE pattern: `%`, `_` and `\\` match themselves. The
 * backslash is PostgreSQL's default escape character (some callers also spell out `escape '\\'`).
 */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * An e-mail column that starts or ends with `q` (case-insensitive, wildcards literal): a person
 * found by the start of their address, everyone at a domain by its end ("@acme.com"). Both read
 * an index: `lower(email) text_pattern_ops` and `reverse(lower(email)) text_pattern_ops`.
 */
export function emailStartsOrEnds(column: SQL | AnyColumn, q: string): SQL {
  const lower = q.toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const reversedPrefix = `${escapeLike([...lower].reverse().join(''))}%`;
  return sql`(lower(${column}) like ${prefix} escape '\\'
    or reverse(lower(${column})) like ${reversedPrefix} escape '\\')`;
}
