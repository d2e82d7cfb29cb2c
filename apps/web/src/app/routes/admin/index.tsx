import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { useParams } from 'react-router';
import { NotBuiltYet } from '../../../components/NotBuiltYet.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ScreenTabs } from '../../../components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.admin;
const BODY: Record<string, string> = {
  general: 'Account name and logo arrive with the multi-tenant core.',
  members: 'Members and invitations arrive with the multi-tenant core.',
  billing: 'Plans, invoices and payment methods arrive with billing.',
  sharing: 'The list of share grants arrives with the sharing feature.',
  security: 'Your sessions arrive with account security.',
  audit: 'The audit log arrives with the multi-tenant core.',
};

export default function AdminScreen() {
  const { tab } = useParams();
  const active = tab ?? TABS[0];
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.admin}
        description="Your account, its members and its subscription."
      />
      <ScreenTabs
        label="Account sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/admin/${t}`}
      >
        <NotBuiltYet>
          {BODY[active] ?? 'There is no such section.'} This screen is not built yet.
        </NotBuiltYet>
      </ScreenTabs>
    </>
  );
}
