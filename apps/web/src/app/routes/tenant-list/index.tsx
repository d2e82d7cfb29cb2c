import { SCREEN_TITLES } from '@tenantry/shared';
import { NotBuiltYet } from '../../../components/NotBuiltYet.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

export default function TenantListScreen() {
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.tenantList}
        description="The organisations your account assesses."
      />
      <NotBuiltYet>
        Client tenants arrive with the multi-tenant core. This screen is not built yet.
      </NotBuiltYet>
    </>
  );
}
