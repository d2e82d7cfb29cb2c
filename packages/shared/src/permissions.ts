import type { AccountRole, ShareRole } from './roles.ts';

/**
 * Who may do what: ONE table, used by the server to authorise and by the UI to hide what a
 * role cannot do. Account actions are checked against the member's role in the session's
 * account (`tid`); tenant actions of shared users against their share role.
 */
export const ACCOUNT_PERMISSIONS = {
  'account.read': ['owner', 'admin', 'member'],
  /** Rename the account, upload its logo. */
  'account.update': ['owner', 'admin'],
  'members.read': ['owner', 'admin', 'member'],
  /** Invite with role admin or member, revoke invitations. */
  'members.invite': ['owner', 'admin'],
  /** Change a non-owner's role between admin and member. */
  'members.changeRole': ['owner', 'admin'],
  /** Remove a non-owner member. */
  'members.remove': ['owner', 'admin'],
  /** Invite, promote to, demote or remove an owner. */
  'members.manageOwners': ['owner'],
  'tenants.read': ['owner', 'admin', 'member'],
  'tenants.create': ['owner', 'admin', 'member'],
  'tenants.update': ['owner', 'admin', 'member'],
  'tenants.archive': ['owner', 'admin'],
  'sharing.read': ['owner', 'admin', 'member'],
  /** Share a client tenant, change or revoke a share. */
  'sharing.manage': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  /** Read the account's published content and the global library (explore). */
  'content.read': ['owner', 'admin', 'member'],
  /** Author the account's private frameworks, playbooks, articles and images. */
  'content.manage': ['owner', 'admin'],
  /** Start assessments, change their details and status, add and revoke respondents. */
  'assessments.manage': ['owner', 'admin', 'member'],
  /** Delete an assessment with its answers. */
  'assessments.delete': ['owner', 'admin'],
  /** Create remediation tasks (by hand or from gaps) and delete them. */
  'remediation.manage': ['owner', 'admin', 'member'],
  /** See the plan, usage, invoices and the past-due notice. */
  'billing.read': ['owner', 'admin'],
  /** Buy, change or cancel the plan, reach the payment method. */
  'billing.manage': ['owner'],
  /** Read every support ticket of the account (a member reads the ones they opened). */
  'support.readAll': ['owner', 'admin'],
  /** Create and revoke the account's API keys (docs/developer.md). */
  'apiKeys.manage': ['owner', 'admin'],
  /** Create, change and delete webhook endpoints, read and resend their deliveries. */
  'webhooks.manage': ['owner', 'admin'],
  /** Let the Tenantry support desk open the account's app as one of its users, or stop it. */
  'supportAccess.manage': ['owner'],
  /** Require a second factor of every member; reset a member's lost second factors. */
  'secondFactors.manage': ['owner'],
  /** Single sign-on: the identity provider, the proven domains, "require SSO" (docs/sso.md). */
  'sso.manage': ['owner'],
} as const satisfies Record<string, readonly AccountRole[]>;
export type AccountPermission = keyof typeof ACCOUNT_PERMISSIONS;

/** What a shared user may do on the one client tenant shared with them. */
export const SHARE_PERMISSIONS = {
  'tenant.read': ['viewer', 'contributor'],
  /** Answer assessments, update remediation tasks, comment (later issues). */
  'tenant.contribute': ['contributor'],
} as const satisfies Record<string, readonly ShareRole[]>;
export type SharePermission = keyof typeof SHARE_PERMISSIONS;

export function can(role: AccountRole | null | undefined, permission: AccountPermission): boolean {
  return role != null && (ACCOUNT_PERMISSIONS[permission] as readonly AccountRole[]).includes(role);
}

export function canShared(
  role: ShareRole | null | undefined,
  permission: SharePermission,
): boolean {
  return role != null && (SHARE_PERMISSIONS[permission] as readonly ShareRole[]).includes(role);
}

/** Roles an actor may hand out (invite with, or change a member to). */
export function assignableRoles(actor: AccountRole | null | undefined): AccountRole[] {
  if (actor === 'owner') return ['owner', 'admin', 'member'];
  if (actor === 'admin') return ['admin', 'member'];
  return [];
}
