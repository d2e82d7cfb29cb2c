import type { AccountRole, Member, MemberTenantAccess, TenantAccessMode } from '@tenantry/shared';
import { can } from '@tenantry/shared';

/** The modes as the edit dialog names them (docs/members.md, "Client-tenant access"). */
export const ACCESS_MODE_LABELS: Record<TenantAccessMode, string> = {
  all: 'All',
  only: 'Only these',
  tags: 'Tagged',
  except: 'All except',
};

/**
 * A member's access in a few words, as the members table shows it: "All client tenants",
 * "1 client tenant", "3 client tenants", "Tagged: finance, retail", "All except 2".
 */
export function accessSummary(access: MemberTenantAccess): string {
  const n = access.tenants.length;
  switch (access.mode) {
    case 'only':
      return `${n} client ${n === 1 ? 'tenant' : 'tenants'}`;
    case 'tags':
      return `Tagged: ${access.tags.join(', ')}`;
    case 'except':
      return `All except ${n}`;
    default:
      return 'All client tenants';
  }
}

/** Whether the signed-in member may edit this row's access (the server enforces the same). */
export function canEditAccess(
  actor: { role: AccountRole; limited: boolean },
  target: Pick<Member, 'role' | 'tenantAccess'>,
): boolean {
  return (
    can(actor.role, 'members.changeRole') &&
    !actor.limited &&
    target.role !== 'owner' &&
    target.tenantAccess !== null
  );
}
