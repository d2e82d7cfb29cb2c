/**
 * Time limits for the few tests that assert a duration (a report renders in under 5 s): the
 * limit is what an idle CI machine must meet, scaled by how loaded this machine is at the
 * moment of the check, so the suite holds beside other work and still catches a slow path.
 */
import { measureSlowness } from '../../../../scripts/slowness.mjs';

/** `ms` on an idle machine, scaled by the slowness measured now (scripts/slowness.mjs). */
export function timeLimit(ms: number): number {
  return ms * measureSlowness();
}
