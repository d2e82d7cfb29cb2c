import { screenTitle } from '#web/lib/labels.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { RoadmapPanel } from '#web/features/roadmap/components/RoadmapPanel.tsx';
import { t } from '../../messages.ts';

export default function RoadmapScreen() {
  return (
    <>
      <PageHeader title={screenTitle('roadmap')} description={t('roadmap.description')} />
      <RoadmapPanel />
    </>
  );
}
