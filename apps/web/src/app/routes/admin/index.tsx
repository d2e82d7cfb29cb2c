import { SCREEN_TABS, type Account, type CurrentUser } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { AccountGeneral } from '#web/features/account/components/AccountGeneral.tsx';
import { BrandSettings } from '#web/features/account/components/BrandSettings.tsx';
import { AccountReminderSettings } from '#web/features/assessments/components/AccountReminderSettings.tsx';
import { SupportAccessSetting } from '#web/features/service-console/support-access/components/SupportAccessSetting.tsx';
import { AuditLog } from '#web/features/audit/components/AuditLog.tsx';
import { SecondFactorPolicySetting } from '#web/features/identity/components/SecondFactorPolicySetting.tsx';
import { SecondFactorsPanel } from '#web/features/identity/components/SecondFactorsPanel.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { ProfileSection } from '#web/features/auth/components/ProfileSection.tsx';
import { usePlanLock } from '#web/features/billing/api/get-billing.ts';
import { BillingPanel } from '#web/features/billing/components/BillingPanel.tsx';
import { CheckoutOutcomeAlert } from '#web/features/billing/components/CheckoutOutcomeAlert.tsx';
import { outcomeOf } from '#web/features/billing/lib/checkout-outcome.ts';
import { MembersPanel } from '#web/features/members/components/MembersPanel.tsx';
import { SchedulesPanel } from '#web/features/schedules/components/SchedulesPanel.tsx';
import { useOwnerChoices, assessmentHref } from '../tenant/assessments.tsx';
import { useRefreshSessions } from '#web/features/sessions/api/list-sessions.ts';
import { SessionsPanel } from '#web/features/sessions/components/SessionsPanel.tsx';
import { AccountSharingPanel } from '#web/features/sharing/components/AccountSharingPanel.tsx';
import { SsoSettings } from '#web/features/sso/components/SsoSettings.tsx';
import { t } from '../../messages.ts';

const TABS = SCREEN_TABS.admin;

/** admin/general's brand, with the plan's lock read before its form (Pro and up). */
function BrandSection({ account }: { account: Account }) {
  const planLock = usePlanLock(account, { feature: 'brandedReports' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-brand-heading">
      <Title order={2} size="h3" id="account-brand-heading">
        {t('admin.brand')}
      </Title>
      <BrandSettings account={account} planLock={planLock} />
    </Stack>
  );
}

/** Owners: single sign-on, with the plan's lock read before its forms (Business). */
function SsoSection({ account }: { account: Account }) {
  const planLock = usePlanLock(account, { feature: 'sso' });
  return <SsoSettings planLock={planLock} />;
}

/**
 * admin/security: my profile (name, password, e-mail), my second factors, where I am signed in,
 * and for owners whether every member needs a second factor, whether Tenantry support may view
 * the account, and its single sign-on.
 */
function SecurityTab({ user, account }: { user: CurrentUser; account: Account }) {
  const refreshSessions = useRefreshSessions();
  return (
    <Stack gap="xl">
      <ProfileSection user={user} onPasswordChanged={() => void refreshSessions()} />
      <SecondFactorsPanel claim={user.secondFactor} />
      <SessionsPanel />
      {account.permissions.includes('secondFactors.manage') ? <SecondFactorPolicySetting /> : null}
      {account.permissions.includes('supportAccess.manage') ? <SupportAccessSetting /> : null}
      {account.permissions.includes('sso.manage') ? <SsoSection account={account} /> : null}
    </Stack>
  );
}

/** admin/schedules: every schedule of the account (of the client tenants the member reaches). */
function AccountSchedules({ account, userId }: { account: Account; userId: string }) {
  const owners = useOwnerChoices(true);
  return (
    <SchedulesPanel
      tenantId={null}
      allowTags={!account.tenantAccessLimited}
      owners={owners}
      me={userId}
      assessmentHref={assessmentHref}
    />
  );
}

function TabBody({
  tab,
  account,
  user,
}: {
  tab: string;
  account: Account;
  user: CurrentUser | null;
}) {
  const userId = user?.uid ?? '';
  switch (tab) {
    case 'security':
      return user ? <SecurityTab user={user} account={account} /> : null;
    case 'general':
      return (
        <Stack gap="xl">
          <AccountGeneral account={account} />
          <BrandSection account={account} />
          <AccountReminderSettings account={account} />
        </Stack>
      );
    case 'members':
      return (
        <MembersPanel
          myRole={account.role}
          myUserId={userId}
          myAccessLimited={account.tenantAccessLimited}
        />
      );
    case 'billing':
      return <BillingPanel account={account} />;
    case 'sharing':
      return <AccountSharingPanel myRole={account.role} />;
    case 'audit':
      return account.permissions.includes('audit.read') ? (
        <AuditLog />
      ) : (
        <Alert variant="light" color="gray">
          {account.tenantAccessLimited && account.role !== 'member'
            ? t('admin.audit.limited')
            : t('admin.audit.ownersOnly')}
        </Alert>
      );
    case 'schedules':
      return account.permissions.includes('assessments.manage') ? (
        <AccountSchedules account={account} userId={userId} />
      ) : (
        <Alert variant="light" color="gray">
          {t('admin.schedules.managersOnly')}
        </Alert>
      );
    default:
      return (
        <Alert variant="light" color="gray">
          {t('admin.noSuchSection')}
        </Alert>
      );
  }
}

export default function AdminScreen() {
  const { tab } = useParams();
  const active = tab ?? TABS[0];
  const account = useAccount();
  const { user } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  // Set by the checkout outcome routes (/checkout-success…) on their way here.
  const outcome = outcomeOf(location.state);
  let body: ReactNode;
  if (account.isPending) body = <Loader size="sm" aria-label={t('admin.loading')} />;
  else if (account.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('admin.loadFailed', { message: account.error.message })}
      </Alert>
    );
  } else body = <TabBody tab={active} account={account.data} user={user} />;
  return (
    <>
      <PageHeader
        title={screenTitle('admin')}
        description={
          account.data
            ? t('admin.description.named', { name: account.data.name })
            : t('admin.description')
        }
      />
      {outcome ? (
        <CheckoutOutcomeAlert
          outcome={outcome}
          billingHref={active === 'billing' ? undefined : '/admin/billing'}
          onClose={() => void navigate(location.pathname, { replace: true, state: null })}
        />
      ) : null}
      <ScreenTabs
        label={t('admin.sections')}
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/admin/${t}`}
      >
        {body}
      </ScreenTabs>
    </>
  );
}
