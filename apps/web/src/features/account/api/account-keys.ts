/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  /** The session's account (GET /api/v1/account). */
  current: () => [...accountKeys.all, 'current'] as const,
};
