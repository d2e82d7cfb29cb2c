import { can, canShared, type TenantDetail } from '@tenantry/shared';

/** What a person may do with a client tenant's tasks (the server decides again). */
export interface RemediationAccess {
  /** Create tasks (by hand or from gaps) and delete them: members of the account. */
  manage: boolean;
  /** Change tasks, tick checklists, comment, move several at once: members and contributors. */
  contribute: boolean;
  /** A member of the account (tasks are assigned to members: "Me" means something). */
  member: boolean;
}

export function remediationAccess(access: TenantDetail['access']): RemediationAccess {
  const member = can(access.accountRole, 'tenants.read');
  return {
    manage: can(access.accountRole, 'remediation.manage'),
    contribute:
      can(access.accountRole, 'tenants.update') || canShared(access.shareRole, 'tenant.contribute'),
    member,
  };
}
