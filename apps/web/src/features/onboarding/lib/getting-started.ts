import type { RouteDef } from '@tenantry/shared';
import { t } from '../messages.ts';

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
export const HELP_ITEMS = [
  { labelKey: 'help.explore', to: '/explore' },
  { labelKey: 'help.support', to: '/support' },
  { labelKey: 'help.roadmap', to: '/roadmap' },
] as const;

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
      label: f.hasClientTenants ? t('step.tenants.done') : t('step.tenants.todo'),
      hint: t('step.tenants.hint'),
      to: '/tenant',
      done: f.hasClientTenants,
    },
    {
      key: 'assessment',
      label: f.hasAssessments ? t('step.assessment.done') : t('step.assessment.todo'),
      hint: f.hasClientTenants ? t('step.assessment.hint') : t('step.assessment.hintNoTenant'),
      to: '/tenant',
      done: f.hasAssessments,
    },
    {
      key: 'respondent',
      label: f.hasRespondents ? t('step.respondent.done') : t('step.respondent.todo'),
      hint: t('step.respondent.hint'),
      to: open ? `/tenant/${open.tenantId}/assessments/${open.id}` : '/tenant',
      done: f.hasRespondents,
    },
    {
      key: 'team',
      label: f.hasInvitedSomeone ? t('step.team.done') : t('step.team.todo'),
      hint: f.canInvite ? t('step.team.hint') : t('step.team.hintCannot'),
      to: '/admin/members',
      done: f.hasInvitedSomeone,
    },
    {
      key: 'share',
      label: f.hasShares ? t('step.share.done') : t('step.share.todo'),
      hint: f.canShare ? t('step.share.hint') : t('step.share.hintCannot'),
      to: f.canShare ? '/tenant' : '/admin/sharing',
      done: f.hasShares,
    },
    {
      key: 'email',
      label: f.emailVerified ? t('step.email.done') : t('step.email.todo'),
      hint: f.emailVerified ? f.email : t('step.email.hint', { email: f.email }),
      to: null,
      done: f.emailVerified,
    },
  ];
  return {
    steps,
    doneCount: steps.filter((s) => s.done === true).length,
    help: HELP_ITEMS.filter((h) => isRouted(h.to, routes)).map((h) => ({
      label: t(h.labelKey),
      to: h.to,
    })),
    comingSoon: HELP_ITEMS.filter((h) => !isRouted(h.to, routes)).map((h) => t(h.labelKey)),
  };
}
