import { SCREEN_TABS, SCREEN_TITLES, type Account } from '@tenantry/shared';
import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { AccountGeneral } from '#web/features/account/components/AccountGeneral.tsx';
import { AuditLog } from '#web/features/audit/components/AuditLog.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { MembersPanel } from '#web/features/members/components/MembersPanel.tsx';
import { AccountSharingPanel } from '#web/features/sharing/components/AccountSharingPanel.tsx';

const TABS = SCREEN_TABS.admin;
const NOT_BUILT: Record<string, string> = {
  billing: 'Plans, invoices and payment methods arrive with billing.',
  security: 'Your sessions arrive with account security.',
};

function TabBody({ tab, account, userId }: { tab: string; account: Account; userId: string }) {
  switch (tab) {
    case 'general':
      return <AccountGeneral account={account} />;
    case 'members':
      return <MembersPanel myRole={account.role} myUserId={userId} />;
    case 'sharing':
      return <AccountSharingPanel myRole={account.role} />;
    case 'audit':
      return account.permissions.includes('audit.read') ? (
        <AuditLog />
      ) : (
        <Alert variant="light" color="gray">
          Only owners and admins can read the audit log.
        </Alert>
      );
    default:
      return (
        <NotBuiltYet>
          {NOT_BUILT[tab] ?? 'There is no such section.'} This screen is not built yet.
        </NotBuiltYet>
      );
  }
}

export default function AdminScreen() {
  const { tab } = useParams();
  const active = tab ?? TABS[0];
  const account = useAccount();
  const { user } = useMe();
  let body: ReactNode;
  if (account.isPending) body = <Loader size="sm" aria-label="Loading the account" />;
  else if (account.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        The account could not be loaded: {account.error.message}
      </Alert>
    );
  } else body = <TabBody tab={active} account={account.data} userId={user?.uid ?? ''} />;
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.admin}
        description={
          account.data
            ? `${account.data.name}: its members and its subscription.`
            : 'Your account, its members and its subscription.'
        }
      />
      <ScreenTabs
        label="Account sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/admin/${t}`}
      >
        {body}
      </ScreenTabs>
    </>
  );
}
