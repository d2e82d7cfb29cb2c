/**
 * The reports feature's query keys. Everything of one client tenant sits under
 * `tenant(tenantId)`; one entry per report (its status and progress, polled while it renders).
 */
export const reportKeys = {
  all: ['reports'] as const,
  tenant: (tenantId: string) => [...reportKeys.all, 'tenant', tenantId] as const,
  report: (tenantId: string, reportId: string) =>
    [...reportKeys.tenant(tenantId), 'report', reportId] as const,
  /** An evidence pack (docs/evidence.md): made and followed like a report. */
  evidencePack: (tenantId: string, packId: string) =>
    [...reportKeys.tenant(tenantId), 'evidence-pack', packId] as const,
};
