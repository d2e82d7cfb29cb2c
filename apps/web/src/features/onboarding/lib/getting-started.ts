/**
 * The welcome page's "Getting started" checklist: each step is ticked from what the account
 * really holds, and links only to screens that are built. What is not built yet is listed
 * apart, as "coming soon", without a link.
 */

/** What the checklist is ticked from; `null` while unknown (loading, or not readable). */
export interface GettingStartedFacts {
  hasClientTenants: boolean | null;
  hasShares: boolean | null;
  /** Another member, or a pending invitation. */
  hasInvitedSomeone: boolean | null;
  emailVerified: boolean;
  email: string;
  /** The role may invite (owners, admins). */
  canInvite: boolean;
  /** The role may share client tenants (owners, admins). */
  canShare: boolean;
}

export interface GettingStartedStep {
  key: 'tenants' | 'team' | 'share' | 'email';
  label: string;
  hint: string;
  /** A built screen to do it on; none when there is nothing to click. */
  to: string | null;
  /** null: not known yet. */
  done: boolean | null;
}

export interface GettingStarted {
  steps: GettingStartedStep[];
  doneCount: number;
  /** Planned, not built: said plainly, without a link. */
  comingSoon: string[];
}

export const COMING_SOON = ['Ask our support team for help'];

export function gettingStarted(f: GettingStartedFacts): GettingStarted {
  const steps: GettingStartedStep[] = [
    {
      key: 'tenants',
      label: f.hasClientTenants ? 'You added client tenants' : 'Add your first client tenant',
      hint: 'The organisations you assess.',
      to: '/tenant',
      done: f.hasClientTenants,
    },
    {
      key: 'team',
      label: f.hasInvitedSomeone ? 'Your team is here' : 'Invite your team',
      hint: f.canInvite
        ? 'Colleagues who work on your client tenants with you.'
        : 'Owners and admins of your account invite colleagues.',
      to: '/admin/members',
      done: f.hasInvitedSomeone,
    },
    {
      key: 'share',
      label: f.hasShares ? 'You shared a client tenant' : 'Share a client tenant with your client',
      hint: f.canShare
        ? 'Open a client tenant, then its Sharing tab: they sign in with a code, no account needed.'
        : 'Owners and admins share a client tenant with people outside the account.',
      to: f.canShare ? '/tenant' : '/admin/sharing',
      done: f.hasShares,
    },
    {
      key: 'email',
      label: f.emailVerified ? 'Your e-mail address is verified' : 'Verify your e-mail address',
      hint: f.emailVerified
        ? f.email
        : `Open the link we sent to ${f.email}; the banner above sends a new one.`,
      to: null,
      done: f.emailVerified,
    },
  ];
  return {
    steps,
    doneCount: steps.filter((s) => s.done === true).length,
    comingSoon: COMING_SOON,
  };
}
