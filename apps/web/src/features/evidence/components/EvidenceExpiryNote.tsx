import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useAnswerEvidence } from '../api/answer-evidence.ts';
import { distinctFiles, expiryCounts, expiryText } from '../lib/evidence-view.ts';
import { t } from '../messages.ts';

/**
 * The assessment header's mark of its evidence: "2 files expired · 1 file expiring soon"
 * (each file counted once however many answers link it); nothing when all are current.
 */
export function EvidenceExpiryNote({
  tenantId,
  assessmentId,
}: {
  tenantId: string;
  assessmentId: string;
}) {
  const query = useAnswerEvidence(tenantId, assessmentId);
  if (!query.data) return null;
  const counts = expiryCounts(distinctFiles(query.data.answers));
  const text = expiryText(counts);
  if (!text) return null;
  return (
    <Tooltip label={t('expiry.note')}>
      <Badge
        color={counts.expired ? 'red' : 'orange'}
        variant="light"
        tt="none"
        size="lg"
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        role="status"
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
