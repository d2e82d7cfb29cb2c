import { describe, expect, it } from 'vitest';
import { accessSummary, canEditAccess } from './tenant-access-view.ts';

const t = (id: string) => ({ id, name: id.toUpperCase(), archived: false });

describe('client-tenant access in the members table', () => {
  it('says it in a few words', () => {
    expect(accessSummary({ mode: 'all', tenants: [], tags: [], version: 0 })).toBe(
      'All client tenants',
    );
    expect(accessSummary({ mode: 'only', tenants: [t('a')], tags: [], version: 1 })).toBe(
      '1 client tenant',
    );
    expect(
      accessSummary({ mode: 'only', tenants: [t('a'), t('b'), t('c')], tags: [], version: 1 }),
    ).toBe('3 client tenants');
    expect(accessSummary({ mode: 'tags', tenants: [], tags: ['x', 'y'], version: 1 })).toBe(
      'Tagged: x, y',
    );
    expect(accessSummary({ mode: 'except', tenants: [t('a'), t('b')], tags: [], version: 1 })).toBe(
      'All except 2',
    );
  });

  it('is edited by owners and admins who reach every tenant, never on an owner', () => {
    const access = { mode: 'all' as const, tenants: [], tags: [], version: 0 };
    const member = { role: 'member' as const, tenantAccess: access };
    expect(canEditAccess({ role: 'owner', limited: false }, member)).toBe(true);
    expect(canEditAccess({ role: 'admin', limited: false }, member)).toBe(true);
    expect(canEditAccess({ role: 'admin', limited: true }, member)).toBe(false);
    expect(canEditAccess({ role: 'member', limited: false }, member)).toBe(false);
    expect(canEditAccess({ role: 'owner', limited: false }, { ...member, role: 'owner' })).toBe(
      false,
    );
    expect(
      canEditAccess({ role: 'owner', limited: false }, { ...member, tenantAccess: null }),
    ).toBe(false);
  });
});
