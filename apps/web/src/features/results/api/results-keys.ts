/** The results feature's query keys: one entry per assessment. */
export const resultsKeys = {
  all: ['results'] as const,
  assessment: (tenantId: string, assessmentId: string) =>
    [...resultsKeys.all, tenantId, assessmentId] as const,
};
