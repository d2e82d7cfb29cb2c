import { SCREEN_TITLES } from '@tenantry/shared';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { RoadmapPanel } from '#web/features/roadmap/components/RoadmapPanel.tsx';
import { t } from '../../messages.ts';

export default function RoadmapScreen() {
  return (
    <>
      <PageHeader title={SCREEN_TITLES.roadmap} description={t('roadmap.description')} />
      <RoadmapPanel />
    </>
  );
}
