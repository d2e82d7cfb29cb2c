import { ROUTES, can, type CurrentUser } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { RecentActivity } from '#web/features/audit/components/RecentActivity.tsx';
import { CalendarFeedButton } from '#web/features/calendar/components/CalendarFeed.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { useDashboard } from '#web/features/dashboard/api/get-dashboard.ts';
import { Dashboard } from '#web/features/dashboard/components/Dashboard.tsx';
import { useInvitations } from '#web/features/members/api/list-invitations.ts';
import { useMembers } from '#web/features/members/api/list-members.ts';
import { ROLE_LABELS } from '#web/features/members/lib/member-rules.ts';
import { GettingStarted } from '#web/features/onboarding/components/GettingStarted.tsx';
import { useChecklistHidden } from '#web/features/onboarding/lib/dismissal.ts';
import { gettingStarted } from '#web/features/onboarding/lib/getting-started.ts';
import { useAccountShares } from '#web/features/sharing/api/list-account-shares.ts';
import { useHasTenants } from '#web/features/tenants/api/has-tenants.ts';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/**
 * The checklist's facts from the account's real state (client tenants, assessments and their
 * respondents from the dashboard's one read, team, shares, e-mail).
 */
function useChecklist(user: CurrentUser) {
  const account = useAccount();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const firstOpen = d?.openAssessments[0];
  const role = account.data?.role ?? null;
  const canInvite = can(role, 'members.invite');
  const tenants = useHasTenants();
  const shares = useAccountShares();
  const members = useMembers();
  const invitations = useInvitations(canInvite);
  const others = members.data ? members.data.members.length > 1 : null;
  // Pending invitations are listed to those who may invite; for others, no answer is needed.
  let pending: boolean | null = false;
  if (account.isPending) pending = null;
  else if (canInvite) pending = invitations.data ? invitations.data.invitations.length > 0 : null;
  const hasInvitedSomeone =
    others === true || pending === true ? true : others === null || pending === null ? null : false;
  return gettingStarted(
    {
      hasClientTenants: tenants.data ?? null,
      hasAssessments: d ? d.assessments.open + d.assessments.completed > 0 : null,
      hasRespondents: d ? d.assessments.hasRespondents : null,
      openAssessment: firstOpen ? { tenantId: firstOpen.tenantId, id: firstOpen.id } : null,
      hasShares: shares.data ? shares.data.shares.length > 0 : null,
      hasInvitedSomeone,
      emailVerified: user.emailVerified,
      email: user.email,
      canInvite,
      canShare: can(role, 'sharing.manage'),
    },
    ROUTES,
  );
}

function Welcome({ user }: { user: CurrentUser }) {
  const checklist = useChecklist(user);
  // The audit log is for owners and admins (as on its own screen): for others, no activity.
  const account = useAccount();
  const canReadAudit = account.data?.permissions.includes('audit.read') ?? false;
  const { hidden, setHidden } = useChecklistHidden(account.data?.id ?? null);
  const name = user.displayName || user.email;
  // The role that means something here: the person's role in this account.
  const accountRole = account.data?.role;
  return (
    <>
      <PageHeader title={screenTitle('welcome')} />
      <Stack gap="lg">
        <Group gap="sm" wrap="wrap">
          <Text size="lg" miw={0} lineClamp={2} title={name} style={NAME_WRAP}>
            {rich(t, 'welcome.hello', {}, { name: <strong>{name}</strong> })}
          </Text>
          {accountRole ? (
            <Badge
              variant="light"
              title={
                account.data?.name !== undefined
                  ? t('welcome.role', { account: account.data.name })
                  : t('welcome.roleHere')
              }
            >
              {ROLE_LABELS[accountRole]}
            </Badge>
          ) : null}
          {user.role === 'systemadmin' ? (
            <Badge variant="outline">{t('welcome.systemAdmin')}</Badge>
          ) : null}
          {user.isSystemDev ? <Badge variant="outline">{t('welcome.systemDev')}</Badge> : null}
        </Group>
        <GettingStarted
          checklist={checklist}
          hidden={hidden}
          onHide={() => setHidden(true)}
          onShow={() => setHidden(false)}
        />
        <Dashboard
          activity={canReadAudit ? <RecentActivity /> : undefined}
          dueDatesAction={<CalendarFeedButton />}
        />
      </Stack>
    </>
  );
}

export default function WelcomeScreen() {
  const { user } = useMe();
  return user ? <Welcome user={user} /> : null;
}
