/**
 * The baseline feature's query keys. Everything of one client tenant sits under
 * `tenant(tenantId)`; one comparison per assessment compared (`latest`: the server's default).
 */
export const baselineKeys = {
  all: ['baseline'] as const,
  tenant: (tenantId: string) => [...baselineKeys.all, 'tenant', tenantId] as const,
  comparison: (tenantId: string, compare: string | undefined) =>
    [...baselineKeys.tenant(tenantId), 'comparison', compare ?? 'latest'] as const,
};
