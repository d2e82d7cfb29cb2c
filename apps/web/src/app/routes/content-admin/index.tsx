import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NoSuchSection, NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.contentAdmin;
const BODY: Record<string, string> = {
  frameworks:
    'Write your own frameworks: sections, questions, weights and guidance, published as versions.',
  playbooks: 'Write remediation playbooks: ordered steps your team follows to close a gap.',
  articles: 'Write articles for your team and your clients.',
  media: 'Upload and crop the images your frameworks, playbooks and articles use.',
};

export default function ContentAdminScreen() {
  const { tab, focus } = useParams();
  const active = tab ?? TABS[0];
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.contentAdmin}
        description="Author frameworks, playbooks, articles and media."
      />
      {focus ? (
        <Text size="sm" mb="sm">
          Editing <strong>{focus}</strong>
        </Text>
      ) : null}
      <ScreenTabs
        label="Content sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/contentAdmin/${t}`}
      >
        {BODY[active] ? <NotBuiltYet>{BODY[active]}</NotBuiltYet> : <NoSuchSection />}
      </ScreenTabs>
    </>
  );
}
