/** Query keys of the API-keys feature (one place, so mutations invalidate the right ones). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  /** The account's keys, revoked and expired ones included (GET /api/v1/api-keys). */
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
