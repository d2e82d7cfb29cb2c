import { SCREEN_TITLES } from '@tenantry/shared';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';

export default function RoadmapScreen() {
  return (
    <>
      <PageHeader title={SCREEN_TITLES.roadmap} description="What we are building next." />
      <NotBuiltYet>
        The roadmap board, votes and ideas arrive with the roadmap feature. This screen is not built
        yet.
      </NotBuiltYet>
    </>
  );
}
