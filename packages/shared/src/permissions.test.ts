import { describe, expect, it } from 'vitest';
import { ACCOUNT_PERMISSIONS, assignableRoles, can, canShared } from './permissions.ts';

describe('the permission table', () => {
  it('gives owners every account permission', () => {
    for (const p of Object.keys(ACCOUNT_PERMISSIONS) as (keyof typeof ACCOUNT_PERMISSIONS)[]) {
      expect(can('owner', p), p).toBe(true);
    }
  });
  it('keeps owner-only actions from admins and members', () => {
    expect(can('admin', 'members.manageOwners')).toBe(false);
    expect(can('member', 'members.invite')).toBe(false);
    expect(can('member', 'sharing.manage')).toBe(false);
    expect(can('member', 'tenants.create')).toBe(true);
    expect(can(null, 'tenants.read')).toBe(false);
  });
  it('lets viewers read and contributors contribute', () => {
    expect(canShared('viewer', 'tenant.read')).toBe(true);
    expect(canShared('viewer', 'tenant.contribute')).toBe(false);
    expect(canShared('contributor', 'tenant.contribute')).toBe(true);
  });
  it('lets only owners hand out the owner role', () => {
    expect(assignableRoles('owner')).toContain('owner');
    expect(assignableRoles('admin')).toEqual(['admin', 'member']);
    expect(assignableRoles('member')).toEqual([]);
  });
});
