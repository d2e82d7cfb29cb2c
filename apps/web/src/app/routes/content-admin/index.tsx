import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';

const TABS = SCREEN_TABS.contentAdmin;
const BODY: Record<string, string> = {
  frameworks: 'The framework editor arrives with content authoring.',
  playbooks: 'The playbook editor arrives with content authoring.',
  articles: 'The article editor arrives with content authoring.',
  media: 'Media uploads and the image cropper arrive with content authoring.',
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
        <NotBuiltYet>
          {BODY[active] ?? 'There is no such section.'} This screen is not built yet.
        </NotBuiltYet>
      </ScreenTabs>
    </>
  );
}
