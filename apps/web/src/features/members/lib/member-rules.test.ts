import { describe, expect, it } from 'vitest';
import { canRemoveMember, isLastOwner, roleChoices } from './member-rules.ts';

describe('members table rules', () => {
  it('an owner may set any role, on anyone', () => {
    expect(roleChoices('owner', { role: 'member', isSelf: false })).toEqual([
      'owner',
      'admin',
      'member',
    ]);
    expect(roleChoices('owner', { role: 'owner', isSelf: true })).toEqual([
      'owner',
      'admin',
      'member',
    ]);
  });

  it('an admin moves non-owners between admin and member, never touches an owner', () => {
    expect(roleChoices('admin', { role: 'member', isSelf: false })).toEqual(['admin', 'member']);
    expect(roleChoices('admin', { role: 'owner', isSelf: false })).toEqual([]);
  });

  it('a member changes no roles', () => {
    expect(roleChoices('member', { role: 'member', isSelf: true })).toEqual([]);
  });

  it('remove: owners remove anyone else, admins non-owners, members nobody; never oneself', () => {
    expect(canRemoveMember('owner', { role: 'owner', isSelf: false })).toBe(true);
    expect(canRemoveMember('owner', { role: 'owner', isSelf: true })).toBe(false);
    expect(canRemoveMember('admin', { role: 'owner', isSelf: false })).toBe(false);
    expect(canRemoveMember('admin', { role: 'admin', isSelf: false })).toBe(true);
    expect(canRemoveMember('member', { role: 'member', isSelf: false })).toBe(false);
  });

  it('the last owner is told they cannot leave', () => {
    expect(isLastOwner('owner', [{ role: 'owner' }, { role: 'member' }])).toBe(true);
    expect(isLastOwner('owner', [{ role: 'owner' }, { role: 'owner' }])).toBe(false);
    expect(isLastOwner('admin', [{ role: 'owner' }])).toBe(false);
  });
});
