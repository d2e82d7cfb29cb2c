/**
 * Progress of a job that records it in its row (PDF reports, evidence packs): the browser polls
 * the row, so a write per step is enough and a write per piece would be a query per piece.
 */

/**
 * A function to call with the progress in [0, 1] as often as convenient: it calls `write` only
 * when the progress moved `step` or more since the last write (or reached 1).
 */
export function throttledProgress(
  write: (progress: number) => Promise<void>,
  opts: { from?: number; step: number },
): (progress: number) => Promise<void> {
  let written = opts.from ?? 0;
  return async (p: number) => {
    if (p - written < opts.step && !(p >= 1 && written < 1)) return;
    written = p;
    await write(p);
  };
}
