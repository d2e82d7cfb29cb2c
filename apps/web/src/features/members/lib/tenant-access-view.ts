import type { AccountRole, Member, MemberTenantAccess, TenantAccessMode } from '@tenantry/shared';
import { can } from '@tenantry/shared';
import { t } from '../messages.ts';

/** The modes as the edit dialog names them (docs/members.md, "Client-tenant access"). */
export const accessModeLabel = (mode: TenantAccessMode): string =>
  ({
    all: t('accessDialog.mode.all'),
    only: t('accessDialog.mode.only'),
    tags: t('accessDialog.mode.tags'),
    except: t('accessDialog.mode.except'),
  })[mode];

/**
 * A member's access in a few words, as the members table shows it: "All client tenants",
 * "1 client tenant", "3 client tenants", "Tagged: finance, retail", "All except 2".
 */
export function accessSummary(access: MemberTenantAccess): string {
  const n = access.tenants.length;
  switch (access.mode) {
    case 'only':
      return t('access.only', { count: n, n: String(n) });
    case 'tags':
      return t('access.tags', { tags: access.tags.join(', ') });
    case 'except':
      return t('access.except', { n: String(n) });
    default:
      return t('access.all');
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
