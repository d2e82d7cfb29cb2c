import { describe, expect, it } from 'vitest';
import { gettingStarted, type GettingStartedFacts } from './getting-started.ts';

const NEW_OWNER: GettingStartedFacts = {
  hasClientTenants: false,
  hasShares: false,
  hasInvitedSomeone: false,
  emailVerified: false,
  email: 'robin@example.test',
  canInvite: true,
  canShare: true,
};

const BUILT_SCREENS = ['/tenant', '/admin/members', '/admin/sharing'];

describe('the getting-started checklist', () => {
  it('ticks nothing off for a brand-new owner, and links only to built screens', () => {
    const g = gettingStarted(NEW_OWNER);
    expect(g.doneCount).toBe(0);
    expect(g.steps.map((s) => s.label)).toEqual([
      'Add your first client tenant',
      'Invite your team',
      'Share a client tenant with your client',
      'Verify your e-mail address',
    ]);
    for (const s of g.steps) if (s.to) expect(BUILT_SCREENS).toContain(s.to);
    expect(g.steps.find((s) => s.key === 'email')?.hint).toMatch(/robin@example\.test/);
  });

  it('ticks off what the account already has (the demo user with three client tenants)', () => {
    const g = gettingStarted({ ...NEW_OWNER, hasClientTenants: true, emailVerified: true });
    expect(g.doneCount).toBe(2);
    expect(g.steps[0]).toMatchObject({ label: 'You added client tenants', done: true });
    expect(g.steps[3]).toMatchObject({ label: 'Your e-mail address is verified', done: true });
    const all = gettingStarted({
      ...NEW_OWNER,
      hasClientTenants: true,
      hasShares: true,
      hasInvitedSomeone: true,
      emailVerified: true,
    });
    expect(all.doneCount).toBe(4);
  });

  it('leaves a step open while its answer is unknown', () => {
    const g = gettingStarted({ ...NEW_OWNER, hasClientTenants: null, hasShares: null });
    expect(g.steps[0]?.done).toBeNull();
    expect(g.doneCount).toBe(0);
  });

  it('tells a plain member who invites and shares', () => {
    const g = gettingStarted({ ...NEW_OWNER, canInvite: false, canShare: false });
    expect(g.steps[1]?.hint).toMatch(/Owners and admins/);
    expect(g.steps[2]).toMatchObject({ to: '/admin/sharing' });
    expect(g.steps[2]?.hint).toMatch(/Owners and admins/);
  });

  it('lists what is not built yet without a link', () => {
    expect(gettingStarted(NEW_OWNER).comingSoon.length).toBeGreaterThan(0);
  });
});
