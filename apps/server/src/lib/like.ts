/**
 * `s` as a literal inside a LIKE or ILIKE pattern: `%`, `_` and `\\` match themselves. The
 * backslash is PostgreSQL's default escape character (some callers also spell out `escape '\\'`).
 */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
