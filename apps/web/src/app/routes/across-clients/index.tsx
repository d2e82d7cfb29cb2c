import { useParams } from 'react-router';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { QuestionAnswersPanel } from '#web/features/across-clients/components/QuestionAnswersPanel.tsx';
import type { ScreenProps } from '#web/app/route-handle.ts';
import { t } from '../../messages.ts';

/**
 * questions/{frameworkId}/{questionKey}: "How do my clients answer this?" — opened from a
 * question in Explore, in an assessment or in the baseline view (docs/across-clients.md).
 */
const assessmentHref = (tenantId: string, assessmentId: string) =>
  `/tenant/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}`;

export default function AcrossClientsScreen(_props: ScreenProps) {
  const { frameworkId = '', questionKey = '' } = useParams();
  return (
    <>
      <PageHeader title={t('acrossClients.title')} description={t('acrossClients.description')} />
      <QuestionAnswersPanel
        frameworkId={frameworkId}
        questionKey={questionKey}
        assessmentHref={assessmentHref}
      />
    </>
  );
}
