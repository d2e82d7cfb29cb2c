import type { RouteDef } from '@tenantry/shared';

/**
 * The welcome page's "Getting started" checklist: each step is ticked from what the account
 * really holds, and links only to screens that are built. It leads to the core of the product
 * first — a client tenant, an assessment for it, a respondent's link — and stays until every
 * step is done or the person hides it. Help the product offers besides is listed with a link
 * when its screen is in the route table, else apart as "coming soon", without a link.
 */

/** What the checklist is ticked from; `null` while unknown (loading, or not readable). */
export interface GettingStartedFacts {
  hasClientTenants: boolean | null;
  /** Any assessment, open or completed. */
  hasAssessments: boolean | null;
  /** Any assessment has had a respondent's link. */
  hasRespondents: boolean | null;
  /** An open assessment to add a respondent to (tenant and assessment ids), if one is known. */
  openAssessment: { tenantId: string; id: string } | null;
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
  key: 'tenants' | 'assessment' | 'respondent' | 'team' | 'share' | 'email';
  label: string;
  hint: string;
  /** A built screen to do it on; none when there is nothing to click. */
  to: string | null;
  /** null: not known yet. */
  done: boolean | null;
}

export interface HelpItem {
  label: string;
  /** Where it is done: a path whose first segment is a route of the route table. */
  to: string;
}

export interface GettingStarted {
  steps: GettingStartedStep[];
  doneCount: number;
  /** Help offered besides the steps, on built screens (with a link). */
  help: HelpItem[];
  /** Planned, not built (no route yet): said plainly, without a link. */
  comingSoon: string[];
}

/** Help the product offers or plans; each is shown as built once its route exists. */
export const HELP_ITEMS: readonly HelpItem[] = [
  { label: 'Browse the framework library', to: '/explore' },
  { label: 'Ask our support team for help', to: '/support' },
  { label: 'Vote on what we build next', to: '/roadmap' },
];

/** Whether `to` (a path) opens a route of the table: its first segment is a route's. */
export function isRouted(to: string, routes: readonly Pick<RouteDef, 'path'>[]): boolean {
  const first = to.split('/')[1] ?? '';
  return routes.some((r) => r.path.split('/')[1] === first);
}

export function gettingStarted(
  f: GettingStartedFacts,
  routes: readonly Pick<RouteDef, 'path'>[],
): GettingStarted {
  const open = f.openAssessment;
  const steps: GettingStartedStep[] = [
    {
      key: 'tenants',
      label: f.hasClientTenants ? 'You added client tenants' : 'Add your first client tenant',
      hint: 'The organisations you assess.',
      to: '/tenant',
      done: f.hasClientTenants,
    },
    {
      key: 'assessment',
      label: f.hasAssessments ? 'You started an assessment' : 'Start an assessment',
      hint: f.hasClientTenants
        ? 'Open a client tenant, then its Assessments tab, and choose a framework.'
        : 'Once a client tenant is added: open it, then its Assessments tab.',
      to: '/tenant',
      done: f.hasAssessments,
    },
    {
      key: 'respondent',
      label: f.hasRespondents
        ? 'You sent a respondent link'
        : 'Send a respondent link to your client',
      hint: 'Add a respondent to an assessment: they answer on any device through their link, no account needed.',
      to: open ? `/tenant/${open.tenantId}/assessments/${open.id}` : '/tenant',
      done: f.hasRespondents,
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
    help: HELP_ITEMS.filter((h) => isRouted(h.to, routes)),
    comingSoon: HELP_ITEMS.filter((h) => !isRouted(h.to, routes)).map((h) => h.label),
  };
}
