import { IconFileZip } from '@tabler/icons-react';
import { useCallback } from 'react';
import {
  evidencePackFileUrl,
  evidencePackQueryOptions,
  useCreateEvidencePack,
} from '../api/evidence-packs.ts';
import type { FileJobWords } from '../lib/report-view.ts';
import { t } from '../messages.ts';
import { FileJobButton } from './FileJobButton.tsx';

export interface EvidencePackButtonProps {
  tenantId: string;
  assessmentId: string;
  /** An icon with a tooltip instead of a labelled button (FileJobButton). */
  compact?: boolean;
}

const WORDS: FileJobWords = {
  working: 'evidencePack.working',
  progressBar: 'evidencePack.progressBar',
  queued: 'evidencePack.queued',
  running: 'evidencePack.running',
  ready: 'evidencePack.ready',
  failed: 'evidencePack.failed',
  lost: 'evidencePack.lost',
};

/**
 * "Evidence pack" on an assessment's screen, beside "PDF report": a ZIP for auditors with the
 * answers, every evidence file and a manifest of their SHA-256 (docs/evidence.md), made in the
 * background with its progress on the button, then downloaded (FileJobButton).
 */
export function EvidencePackButton({ tenantId, assessmentId, compact }: EvidencePackButtonProps) {
  const create = useCreateEvidencePack(tenantId);
  const jobQuery = useCallback(
    (id: string | null) => evidencePackQueryOptions(tenantId, id),
    [tenantId],
  );
  const fileUrl = useCallback((id: string) => evidencePackFileUrl(tenantId, id), [tenantId]);
  return (
    <FileJobButton
      label={t('evidencePack.label')}
      icon={<IconFileZip size={16} aria-hidden />}
      words={WORDS}
      noticeId={`evidence-pack-${assessmentId}`}
      assessmentId={assessmentId}
      create={create}
      jobQuery={jobQuery}
      fileUrl={fileUrl}
      compact={compact}
    />
  );
}
