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

/**
 * Like `insertAt`, for a block (an image): it starts a new paragraph — a blank line before it
 * unless it is at the start, so it never joins the line above (a `> quote`, a list item) — and
 * a blank line after it unless the text goes on after one already.
 */
export function insertBlockAt(
  text: string,
  range: TextRange,
  block: string,
): { text: string; caret: number } {
  const start = Math.min(Math.max(0, range.start), text.length);
  const end = Math.min(Math.max(start, range.end), text.length);
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail =
    after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = lead + block + trail;
  return { text: before + inserted + after, caret: start + lead.length + block.length };
}
