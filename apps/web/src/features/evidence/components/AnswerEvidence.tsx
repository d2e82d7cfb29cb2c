import { EVIDENCE_LIMITS, type EvidenceFile } from '@tenantry/shared';
import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconLibrary, IconLinkOff } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useAnswerEvidence, useAnswerLink } from '../api/answer-evidence.ts';
import { useDownloadEvidence } from '../api/download-evidence.ts';
import { evidenceErrorText } from '../lib/evidence-errors.ts';
import { expiryCounts, expiryText } from '../lib/evidence-view.ts';
import { EvidenceDropZone } from './EvidenceDropZone.tsx';
import { EvidenceFileRow } from './EvidenceFileRow.tsx';
import { LibraryPickerModal } from './LibraryPickerModal.tsx';
import { useEvidenceUploads } from './use-evidence-uploads.ts';
import { t } from '../messages.ts';

/** The answer's files, each with Download and, for who may, "Remove from this answer". */
function AnswerFileList({
  questionKey,
  files,
  canEdit,
  download,
  link,
}: {
  questionKey: string;
  files: EvidenceFile[];
  canEdit: boolean;
  download: ReturnType<typeof useDownloadEvidence>;
  link: ReturnType<typeof useAnswerLink>;
}) {
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('answer.list', { question: questionKey })}
    >
      {files.map((f) => (
        <li key={f.id}>
          <EvidenceFileRow
            file={f}
            actions={
              <>
                <Tooltip label={t('answer.download')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('answer.downloadLabel', { name: f.name })}
                    loading={download.isPending && download.variables.evidenceId === f.id}
                    onClick={() => download.mutate({ evidenceId: f.id })}
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                {canEdit ? (
                  <Tooltip label={t('answer.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('answer.removeLabel', { name: f.name })}
                      loading={link.isPending && link.variables.evidenceId === f.id}
                      onClick={() => link.mutate({ evidenceId: f.id, link: false })}
                    >
                      <IconLinkOff size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </>
            }
          />
        </li>
      ))}
    </Stack>
  );
}

export interface AnswerEvidenceProps {
  tenantId: string;
  assessmentId: string;
  questionKey: string;
  /** Files may be added and removed (an open assessment, a person who answers). */
  canEdit: boolean;
  /** The question's element: a screenshot pasted while it holds the focus is attached. */
  pasteScope?: HTMLElement | null;
}

/**
 * The evidence of one answer: its files (preview or type icon, dates, expiry, who and when),
 * download, remove; and for who may, a drop zone, the file picker, paste of a screenshot and
 * "Add from library", with each upload's progress and every refusal's reason.
 */
export function AnswerEvidence({
  tenantId,
  assessmentId,
  questionKey,
  canEdit,
  pasteScope,
}: AnswerEvidenceProps) {
  const headingId = useId();
  const query = useAnswerEvidence(tenantId, assessmentId);
  const files = useMemo(() => query.data?.answers[questionKey] ?? [], [query.data, questionKey]);
  const linked = useMemo(() => new Set(files.map((f) => f.id)), [files]);
  const link = useAnswerLink(tenantId, assessmentId, questionKey);
  const download = useDownloadEvidence(tenantId);
  const [picking, setPicking] = useState(false);
  const room = EVIDENCE_LIMITS.filesPerAnswer - files.length;
  const uploads = useEvidenceUploads({
    tenantId,
    target: { kind: 'new', tenantId, link: { assessmentId, questionKey } },
    room: {
      count: room,
      message: t('answer.tooMany', { max: EVIDENCE_LIMITS.filesPerAnswer }),
    },
  });
  const expiry = expiryText(expiryCounts(files));

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Text id={headingId} size="sm" fw={600}>
          {t('answer.title')}
        </Text>
        {files.length ? (
          <Text size="xs" c="dimmed">
            {t('answer.count', { count: files.length, max: EVIDENCE_LIMITS.filesPerAnswer })}
          </Text>
        ) : null}
      </Group>
      {query.isPending ? (
        <Skeleton height={48} aria-label={t('answer.loading')} aria-busy />
      ) : query.isError ? (
        <ErrorAlert title={t('answer.loadFailed')}>
          <Group gap="xs">
            <Text size="sm">{evidenceErrorText(query.error)}</Text>
            <Button size="compact-xs" variant="light" onClick={() => void query.refetch()}>
              {t('answer.retry')}
            </Button>
          </Group>
        </ErrorAlert>
      ) : (
        <>
          {expiry ? (
            <Alert
              color="orange"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden />}
              role="note"
            >
              <Text size="sm">
                {t(canEdit ? 'answer.expiryEditable' : 'answer.expiry', { expiry })}
              </Text>
            </Alert>
          ) : null}
          {files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {canEdit ? t('answer.noneYet') : t('answer.none')}
            </Text>
          ) : (
            <AnswerFileList
              questionKey={questionKey}
              files={files}
              canEdit={canEdit}
              download={download}
              link={link}
            />
          )}
          {download.isError ? (
            <ErrorAlert withCloseButton onClose={download.reset}>
              {t('answer.downloadFailed', { error: evidenceErrorText(download.error) })}
            </ErrorAlert>
          ) : null}
          {link.isError && !picking ? (
            <ErrorAlert withCloseButton onClose={link.reset}>
              {evidenceErrorText(link.error)}
            </ErrorAlert>
          ) : null}
          {canEdit && room > 0 ? (
            <EvidenceDropZone
              label={t('answer.dropZone', { question: questionKey })}
              uploads={uploads}
              pasteScope={pasteScope ?? null}
            >
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLibrary size={14} aria-hidden />}
                onClick={() => {
                  link.reset();
                  setPicking(true);
                }}
              >
                {t('answer.fromLibrary')}
              </Button>
            </EvidenceDropZone>
          ) : canEdit ? (
            <Text size="sm" c="dimmed">
              {t('answer.full', { max: EVIDENCE_LIMITS.filesPerAnswer })}
            </Text>
          ) : null}
        </>
      )}
      {canEdit ? (
        <LibraryPickerModal
          tenantId={tenantId}
          opened={picking}
          onClose={() => setPicking(false)}
          linked={linked}
          attaching={link.isPending && link.variables.link ? link.variables.evidenceId : null}
          error={link.isError ? link.error : null}
          onAttach={(evidenceId) =>
            link.mutate({ evidenceId, link: true }, { onSuccess: () => setPicking(false) })
          }
        />
      ) : null}
    </Stack>
  );
}
