/** The dashboard feature's query keys: one dashboard per account (the session's). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  current: () => [...dashboardKeys.all, 'current'] as const,
};
