/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  /** The session's account (GET /api/v1/account). */
  current: () => [...accountKeys.all, 'current'] as const,
  /** The account's brand (GET /api/v1/account/brand). */
  brand: () => [...accountKeys.all, 'brand'] as const,
};
