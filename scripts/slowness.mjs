// How much slower this machine runs just now than an idle 2-core CI machine: a fixed piece of
// CPU work, timed (1 when idle, more under load). `npm test` scales the per-file time budget by
// it, and the few tests that assert a duration scale their limit (apps/server/src/test/slowness.ts).

/** Milliseconds the loop below takes on an idle 2-core CI machine. */
const REFERENCE_MS = 200;

/** The factor, at least 1. Takes about REFERENCE_MS × the factor. */
export function measureSlowness() {
  const started = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (x + i * 7) % 1_000_003;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (x < 0) console.log(x); // keeps the loop from being optimised away
  return Math.max(1, ms / REFERENCE_MS);
}
