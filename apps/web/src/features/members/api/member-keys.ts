/** Query keys of the members feature (one place, so mutations invalidate the right ones). */
export const memberKeys = {
  all: ['members'] as const,
  /** The members of the session's account. */
  list: () => [...memberKeys.all, 'list'] as const,
  /** Its pending invitations. */
  invitations: () => [...memberKeys.all, 'invitations'] as const,
  /** Client tenants offered by the access dialog's search. */
  tenantChoices: (q: string) => [...memberKeys.all, 'tenant-choices', q] as const,
};
