import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.explore;
const BODY: Record<string, string> = {
  frameworks: 'The framework library arrives with content authoring.',
  playbooks: 'Remediation playbooks arrive with content authoring.',
  articles: 'Articles arrive with content authoring.',
};

export default function ExploreScreen() {
  const { tab, tenantId } = useParams();
  const active = tab ?? TABS[0];
  const forTenant = tenantId ? `/${encodeURIComponent(tenantId)}` : '';
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.explore}
        description="Frameworks, playbooks and articles to assess and remediate with."
      />
      {tenantId ? (
        <Text size="sm" mb="sm">
          For client tenant <strong>{tenantId}</strong>
        </Text>
      ) : null}
      <ScreenTabs
        label="Explore sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/explore/${t}${forTenant}`}
      >
        <NotBuiltYet>
          {BODY[active] ?? 'There is no such section.'} This screen is not built yet.
        </NotBuiltYet>
      </ScreenTabs>
    </>
  );
}
