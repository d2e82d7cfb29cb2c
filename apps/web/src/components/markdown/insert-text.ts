/** A text range, as a textarea's selectionStart / selectionEnd give it. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * `text` with `insertion` in place of the range (kept inside the text, whatever changed since it
 * was read), and where the caret goes: right after the insertion.
 */
export function insertAt(
  text: string,
  range: TextRange,
  insertion: string,
): { text: string; caret: number } {
  const start = Math.min(Math.max(0, range.start), text.length);
  const end = Math.min(Math.max(start, range.end), text.length);
  return {
    text: text.slice(0, start) + insertion + text.slice(end),
    caret: start + insertion.length,
  };
}
