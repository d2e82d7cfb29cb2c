import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NoSuchSection, NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.explore;
const BODY: Record<string, string> = {
  frameworks:
    'A library of security and compliance frameworks (questionnaires with guidance and scoring) to assess your client tenants against.',
  playbooks:
    'Step-by-step remediation playbooks that turn the gaps an assessment finds into tasks for your client tenants.',
  articles: 'Guides and how-to articles on running assessments and closing gaps.',
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
        {BODY[active] ? <NotBuiltYet>{BODY[active]}</NotBuiltYet> : <NoSuchSection />}
      </ScreenTabs>
    </>
  );
}
