import type { AssessmentDetail } from '@tenantry/shared';

/** How many top-level sections with a target and a score reach it. */
export function targetsMet(detail: Pick<AssessmentDetail, 'document' | 'progress'>): {
  met: number;
  measured: number;
} {
  let met = 0;
  let measured = 0;
  for (const s of detail.document.sections) {
    const p = detail.progress.sections[s.key];
    if (!p || p.target === null || p.score === null) continue;
    measured++;
    if (p.score >= p.target) met++;
  }
  return { met, measured };
}
