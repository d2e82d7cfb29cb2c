import { AccountTenantsPanel } from './account-tenants.tsx';
import { ReadOnlyBanner } from '#web/features/service-console/tenants/components/ReadOnlyBanner.tsx';
import { TenantDrillPage } from './tenant-page.tsx';

/**
 * service/tenants/{tid}[/{ttid}[/{focus}]]: an account's client tenants, or one of them with
 * its tabs, read-only, under the banner that says so (docs/service-console.md).
 */
export function TenantDrillDown({
  accountId,
  tenantId,
  focus,
}: {
  accountId: string;
  tenantId: string | undefined;
  focus: string | undefined;
}) {
  return (
    <>
      <ReadOnlyBanner />
      {tenantId ? (
        <TenantDrillPage
          key={`${accountId}/${tenantId}`}
          accountId={accountId}
          tenantId={tenantId}
          focus={focus}
        />
      ) : (
        <AccountTenantsPanel key={accountId} accountId={accountId} />
      )}
    </>
  );
}
