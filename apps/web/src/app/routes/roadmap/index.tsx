import { SCREEN_TITLES } from '@tenantry/shared';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { RoadmapPanel } from '#web/features/roadmap/components/RoadmapPanel.tsx';

export default function RoadmapScreen() {
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.roadmap}
        description="What we are building next. Vote for what matters to you and send us your ideas."
      />
      <RoadmapPanel />
    </>
  );
}
