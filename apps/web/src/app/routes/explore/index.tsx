import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { useParams } from 'react-router';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { ExploreForTenant } from '#web/features/content/components/library/ExploreForTenant.tsx';
import { ExploreLibrary } from '#web/features/content/components/library/ExploreLibrary.tsx';
import type { ContentKind } from '#web/features/content/lib/items.ts';
import { useTenant } from '#web/features/tenants/api/get-tenant.ts';

const TABS = SCREEN_TABS.explore;
const isKind = (tab: string): tab is ContentKind => (TABS as readonly string[]).includes(tab);

/** The client tenant explore is opened for: its name from the tenant screen's own cache entry. */
function ForTenant({ tenantId }: { tenantId: string }) {
  const tenant = useTenant(tenantId);
  return <ExploreForTenant tenantId={tenantId} name={tenant.data?.name} status={tenant.status} />;
}

export default function ExploreScreen() {
  const { tab, tenantId } = useParams();
  const active = tab ?? TABS[0];
  const forTenant = tenantId ? `/${encodeURIComponent(tenantId)}` : '';
  const hrefFor = (t: string) => `/explore/${t}${forTenant}`;
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.explore}
        description={
          tenantId ? (
            <ForTenant tenantId={tenantId} />
          ) : (
            'Frameworks, playbooks and articles to assess and remediate with.'
          )
        }
      />
      <ScreenTabs label="Explore sections" tabs={TABS} active={active} hrefFor={hrefFor}>
        {isKind(active) ? (
          // A fresh search per tab: each keeps its own query in the URL.
          <ExploreLibrary key={active} kind={active} hrefFor={hrefFor} />
        ) : (
          <NoSuchSection />
        )}
      </ScreenTabs>
    </>
  );
}
