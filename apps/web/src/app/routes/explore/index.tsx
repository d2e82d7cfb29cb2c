import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { useParams } from 'react-router';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import type { LibraryKind } from '#web/features/content/api/library/library-keys.ts';
import { ExploreForTenant } from '#web/features/content/components/library/ExploreForTenant.tsx';
import { ExploreLibrary } from '#web/features/content/components/library/ExploreLibrary.tsx';

const TABS = SCREEN_TABS.explore;
const isKind = (tab: string): tab is LibraryKind => (TABS as readonly string[]).includes(tab);

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
            <ExploreForTenant tenantId={tenantId} />
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
