/** Role of a person inside one account (the seed's own tenant, `tid`). */
export const ACCOUNT_ROLES = ['owner', 'admin', 'member'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The seed's `role` field of the current user: `systemadmin` when the `adminUI` claim is present. */
export const USER_ROLES = ['systemadmin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles a client tenant can be shared with (viewer reads; contributor also answers and updates tasks). */
export const SHARE_ROLES = ['viewer', 'contributor'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
