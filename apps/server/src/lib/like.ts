/** `s` as a literal inside a LIKE pattern (with `escape '\\'`): `%`, `_` and `\\` match themselves. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
