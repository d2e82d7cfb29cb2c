import type { EvidenceState } from '@tenantry/shared';

/** The library's filter: a state, or every file. */
export type EvidenceStateFilter = EvidenceState | 'all';

/**
 * The evidence feature's query keys. Everything of one client tenant sits under
 * `tenant(tenantId)`: an upload, edit, link or delete invalidates that, which refreshes the
 * library, a file's detail and every assessment's answer files at once.
 */
export const evidenceKeys = {
  all: ['evidence'] as const,
  tenant: (tenantId: string) => [...evidenceKeys.all, 'tenant', tenantId] as const,
  list: (tenantId: string, q: string, state: EvidenceStateFilter) =>
    [...evidenceKeys.tenant(tenantId), 'list', q, state] as const,
  detail: (tenantId: string, evidenceId: string) =>
    [...evidenceKeys.tenant(tenantId), 'detail', evidenceId] as const,
  /** An assessment's answers' files. */
  answers: (tenantId: string, assessmentId: string) =>
    [...evidenceKeys.tenant(tenantId), 'answers', assessmentId] as const,
};

/** /api/v1/tenants/{tenantId}/evidence[/…]. */
export const evidencePath = (tenantId: string, rest = '') =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/evidence${rest}`;

/** …/evidence/{evidenceId}[/…]. */
export const evidenceFilePath = (tenantId: string, evidenceId: string, rest = '') =>
  evidencePath(tenantId, `/${encodeURIComponent(evidenceId)}${rest}`);

/** /api/v1/tenants/{tenantId}/assessments/{assessmentId}[/…]. */
export const assessmentEvidencePath = (tenantId: string, assessmentId: string, rest = '') =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}${rest}`;
