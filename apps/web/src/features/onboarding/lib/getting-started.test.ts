import { ROUTES } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { gettingStarted, isRouted, type GettingStartedFacts } from './getting-started.ts';

const NEW_OWNER: GettingStartedFacts = {
  hasClientTenants: false,
  hasAssessments: false,
  hasRespondents: false,
  openAssessment: null,
  hasShares: false,
  hasInvitedSomeone: false,
  emailVerified: false,
  email: 'robin@example.test',
  canInvite: true,
  canShare: true,
};

const BUILT_SCREENS = ['/tenant', '/admin/members', '/admin/sharing'];

describe('the getting-started checklist', () => {
  it('leads a brand-new owner to the core actions first, linking only to built screens', () => {
    const g = gettingStarted(NEW_OWNER, ROUTES);
    expect(g.doneCount).toBe(0);
    expect(g.steps.map((s) => s.label)).toEqual([
      'Add your first client tenant',
      'Start an assessment',
      'Send a respondent link to your client',
      'Invite your team',
      'Share a client tenant with your client',
      'Verify your e-mail address',
    ]);
    for (const s of g.steps) if (s.to) expect(BUILT_SCREENS).toContain(s.to);
    expect(g.steps.find((s) => s.key === 'email')?.hint).toMatch(/robin@example\.test/);
  });

  it('ticks off what the account already has (the demo user with three client tenants)', () => {
    const g = gettingStarted({ ...NEW_OWNER, hasClientTenants: true, emailVerified: true }, ROUTES);
    expect(g.doneCount).toBe(2);
    expect(g.steps[0]).toMatchObject({ label: 'You added client tenants', done: true });
    expect(g.steps[5]).toMatchObject({ label: 'Your e-mail address is verified', done: true });
    const all = gettingStarted(
      {
        ...NEW_OWNER,
        hasClientTenants: true,
        hasAssessments: true,
        hasRespondents: true,
        hasShares: true,
        hasInvitedSomeone: true,
        emailVerified: true,
      },
      ROUTES,
    );
    expect(all.doneCount).toBe(6);
  });

  it('is not done before an assessment exists and a respondent has a link', () => {
    const g = gettingStarted(
      {
        ...NEW_OWNER,
        hasClientTenants: true,
        hasShares: true,
        hasInvitedSomeone: true,
        emailVerified: true,
        hasAssessments: true,
        openAssessment: { tenantId: 't1', id: 'a1' },
      },
      ROUTES,
    );
    expect(g.doneCount).toBe(5);
    // The respondent step leads to the open assessment, where respondents are added.
    expect(g.steps[2]).toMatchObject({
      key: 'respondent',
      done: false,
      to: '/tenant/t1/assessments/a1',
    });
  });

  it('leaves a step open while its answer is unknown', () => {
    const g = gettingStarted(
      { ...NEW_OWNER, hasClientTenants: null, hasShares: null, hasAssessments: null },
      ROUTES,
    );
    expect(g.steps[0]?.done).toBeNull();
    expect(g.steps[1]?.done).toBeNull();
    expect(g.doneCount).toBe(0);
  });

  it('tells a plain member who invites and shares', () => {
    const g = gettingStarted({ ...NEW_OWNER, canInvite: false, canShare: false }, ROUTES);
    expect(g.steps[3]?.hint).toMatch(/Owners and admins/);
    expect(g.steps[4]).toMatchObject({ to: '/admin/sharing' });
    expect(g.steps[4]?.hint).toMatch(/Owners and admins/);
  });

  it('offers help on built screens with a link, and lists only what has no route as coming', () => {
    const g = gettingStarted(NEW_OWNER, ROUTES);
    // Support is built (its route is in the table): a link, not "coming soon".
    expect(g.help).toContainEqual({ label: 'Ask our support team for help', to: '/support' });
    expect(g.comingSoon).toEqual([]);
    // Follows the route table: without a support route, support is "coming".
    const withoutSupport = ROUTES.filter((r) => !r.path.startsWith('/support'));
    const earlier = gettingStarted(NEW_OWNER, withoutSupport);
    expect(earlier.comingSoon).toEqual(['Ask our support team for help']);
    expect(earlier.help.map((h) => h.to)).not.toContain('/support');
  });

  it('knows a path by its first segment', () => {
    expect(isRouted('/support', ROUTES)).toBe(true);
    expect(isRouted('/tenant/t1/assessments/a1', ROUTES)).toBe(true);
    expect(isRouted('/nowhere', ROUTES)).toBe(false);
  });
});
