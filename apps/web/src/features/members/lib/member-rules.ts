import { assignableRoles, can, type AccountRole } from '@tenantry/shared';
import { t } from '../messages.ts';

/**
 * What the members table offers the signed-in member (the server enforces the same rules; this
 * only hides what would be refused). From the shared permission table.
 */
export function roleChoices(
  actor: AccountRole,
  target: { role: AccountRole; isSelf: boolean },
): AccountRole[] {
  if (!can(actor, 'members.changeRole')) return [];
  if (target.role === 'owner' && !can(actor, 'members.manageOwners')) return [];
  const roles = assignableRoles(actor);
  const choices = roles.includes(target.role) ? roles : [target.role, ...roles];
  return choices.length > 1 ? choices : [];
}

/** Whether the Remove action is shown for a row (one's own row offers Leave instead). */
export function canRemoveMember(
  actor: AccountRole,
  target: { role: AccountRole; isSelf: boolean },
): boolean {
  if (target.isSelf || !can(actor, 'members.remove')) return false;
  return target.role !== 'owner' || can(actor, 'members.manageOwners');
}

/**
 * Whether "Reset second factors" is shown for a row: owners, for another member who has one
 * (one's own are managed under Security).
 */
export function canResetSecondFactors(
  actor: AccountRole,
  target: { secondFactor: boolean; isSelf: boolean },
): boolean {
  return !target.isSelf && target.secondFactor && can(actor, 'secondFactors.manage');
}

/** Whether leaving would leave the account without an owner. */
export function isLastOwner(actor: AccountRole, members: { role: AccountRole }[]): boolean {
  return actor === 'owner' && members.filter((m) => m.role === 'owner').length <= 1;
}

/** The roles' names, read while rendering (getters: the language is chosen at boot). */
export const ROLE_LABELS: Record<AccountRole, string> = {
  get owner() {
    return t('role.owner');
  },
  get admin() {
    return t('role.admin');
  },
  get member() {
    return t('role.member');
  },
};
