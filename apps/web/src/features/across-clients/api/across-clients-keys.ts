/** The across-clients feature's query keys: one entry per framework question. */
export const acrossClientsKeys = {
  all: ['across-clients'] as const,
  question: (frameworkId: string, questionKey: string) =>
    [...acrossClientsKeys.all, frameworkId, questionKey] as const,
};
