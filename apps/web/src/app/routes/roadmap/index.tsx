import { SCREEN_TITLES } from '@tenantry/shared';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';

export default function RoadmapScreen() {
  return (
    <>
      <PageHeader title={SCREEN_TITLES.roadmap} description="What we are building next." />
      <NotBuiltYet>
        See what we are working on and what comes next, vote for what matters to you and send us
        your ideas.
      </NotBuiltYet>
    </>
  );
}
