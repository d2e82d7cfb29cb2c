import {
  EVIDENCE_ERROR_CODES,
  EvidenceFileSchema,
  formatBytes,
  type EvidenceDetail,
  type EvidenceFile,
  type EvidenceUse,
} from '@tenantry/shared';
import {
  ActionIcon,
  Anchor,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { RevisionConflict, conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { formatCalendarDay, formatDateTime } from '#web/lib/format.ts';
import { useDeleteEvidence } from '../api/delete-evidence.ts';
import { useDownloadEvidence } from '../api/download-evidence.ts';
import { useEvidenceDetail } from '../api/get-evidence.ts';
import { useUpdateEvidence } from '../api/update-evidence.ts';
import { EvidenceEditFormSchema, editFormOf, patchOf } from '../lib/edit-form.ts';
import { evidenceErrorText } from '../lib/evidence-errors.ts';
import { EvidenceDropZone } from './EvidenceDropZone.tsx';
import { EvidenceFileRow } from './EvidenceFileRow.tsx';
import { useEvidenceUploads } from './use-evidence-uploads.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Name, effective date and expiry; a stale version (409) shows theirs with "Keep mine". */
function EditForm({ tenantId, file }: { tenantId: string; file: EvidenceFile }) {
  const update = useUpdateEvidence(tenantId, file.id);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: editFormOf(file),
    validate: schemaResolver(EvidenceEditFormSchema, { sync: true }),
    onValuesChange: () => setSaved(false),
  });
  const conflict = update.isError
    ? conflictCurrent(update.error, EvidenceFileSchema, EVIDENCE_ERROR_CODES.conflict)
    : undefined;
  const save = (values: typeof form.values, version: number) =>
    update.mutate(patchOf(values, version), {
      onSuccess: (f) => {
        form.setInitialValues(editFormOf(f));
        form.setValues(editFormOf(f));
        setSaved(true);
      },
      onError: (err) => void applyServerErrors(form, err),
    });
  return (
    <form
      noValidate
      aria-label="File details"
      onSubmit={form.onSubmit((v) => save(v, file.version))}
    >
      <Stack gap="sm">
        <TextInput label="Name" {...form.getInputProps('name')} />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label="Effective date"
            description="When the evidence was true"
            {...form.getInputProps('effectiveOn')}
          />
          <TextInput
            type="date"
            label="Expires"
            description="Empty: it does not expire"
            {...form.getInputProps('expiresOn')}
          />
        </Group>
        {conflict ? (
          <RevisionConflict
            current={conflict}
            noun="file"
            savedBy={null}
            savedAt={null}
            busy={update.isPending}
            summary={
              <>
                Someone changed this file meanwhile: it is now <strong>{conflict.name}</strong>,
                effective {formatCalendarDay(conflict.effectiveOn)},{' '}
                {conflict.expiresOn
                  ? `expiring ${formatCalendarDay(conflict.expiresOn)}`
                  : 'without expiry'}
                .
              </>
            }
            onKeepMine={(current) => save(form.getValues(), current.version)}
            onTakeTheirs={(current) => {
              update.reset();
              form.setInitialValues(editFormOf(current));
              form.setValues(editFormOf(current));
            }}
          />
        ) : update.isError && conflict === undefined ? (
          <ErrorAlert>{evidenceErrorText(update.error)}</ErrorAlert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={update.isPending && !conflict} disabled={!form.isDirty()}>
            Save details
          </Button>
          {saved ? (
            <Text size="sm" c="teal" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function Uses({ uses, hrefOfUse }: { uses: EvidenceUse[]; hrefOfUse: (u: EvidenceUse) => string }) {
  if (uses.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not attached to any answer.
      </Text>
    );
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {uses.map((u) => (
        <li key={`${u.assessmentId}/${u.questionKey}`}>
          <Anchor component={Link} to={hrefOfUse(u)} size="sm" style={NAME_WRAP}>
            {u.assessmentName} · {u.questionKey} {u.questionTitle}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

function Revisions({ tenantId, detail }: { tenantId: string; detail: EvidenceDetail }) {
  const download = useDownloadEvidence(tenantId);
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {detail.revisions.map((r) => (
        <Group key={r.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0} flex={1}>
            <Text size="sm" fw={500} style={NAME_WRAP}>
              Revision {r.revision}
              {r.revision === detail.revision ? ' (current)' : ''} · {r.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(r.bytes)} · effective {formatCalendarDay(r.effectiveOn)}
              {r.expiresOn ? ` · expires ${formatCalendarDay(r.expiresOn)}` : ''}
            </Text>
            <Text size="xs" c="dimmed" style={NAME_WRAP}>
              {r.uploadedBy.name} ·{' '}
              <time dateTime={r.uploadedAt}>{formatDateTime(r.uploadedAt)}</time>
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              SHA-256 {r.sha256}
            </Text>
          </Stack>
          <Tooltip label="Download this revision">
            <ActionIcon
              variant="subtle"
              aria-label={`Download revision ${r.revision}`}
              loading={download.isPending && download.variables.revision === r.revision}
              onClick={() => download.mutate({ evidenceId: detail.id, revision: r.revision })}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {download.isError ? <ErrorAlert>{evidenceErrorText(download.error)}</ErrorAlert> : null}
    </Stack>
  );
}

function Replace({ tenantId, file }: { tenantId: string; file: EvidenceFile }) {
  const uploads = useEvidenceUploads({
    tenantId,
    target: { kind: 'revision', tenantId, evidenceId: file.id, version: file.version },
    room: { count: 1, message: 'A file is replaced by one file at a time.' },
  });
  return <EvidenceDropZone label={`Replace ${file.name}`} uploads={uploads} />;
}

/**
 * One file of the library: where it is used (links to the answers), its details to edit, a
 * new revision to upload (the old ones are kept), every revision to download, and delete.
 */
export function EvidenceDetailDrawer({
  tenantId,
  evidenceId,
  canEdit,
  hrefOfUse,
  onClose,
}: {
  tenantId: string;
  evidenceId: string | null;
  canEdit: boolean;
  hrefOfUse: (u: EvidenceUse) => string;
  onClose: () => void;
}) {
  const detail = useEvidenceDetail(tenantId, evidenceId);
  const remove = useDeleteEvidence(tenantId);
  const [confirming, setConfirming] = useState(false);
  const d = detail.data;
  return (
    <Drawer
      opened={evidenceId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={d?.name ?? 'Evidence file'}
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-busy aria-label="Loading the file">
          <Skeleton height={56} />
          <Skeleton height={120} />
        </Stack>
      ) : detail.isError ? (
        <ErrorAlert title="The file could not be loaded">
          {evidenceErrorText(detail.error)}
        </ErrorAlert>
      ) : d ? (
        <Stack gap="lg">
          <EvidenceFileRow file={d} />
          <Section title="Where it is used">
            <Uses uses={d.uses} hrefOfUse={hrefOfUse} />
          </Section>
          {canEdit ? (
            <Section title="Details">
              <EditForm key={`${d.id}/${d.version}`} tenantId={tenantId} file={d} />
            </Section>
          ) : null}
          {canEdit ? (
            <Section title="Replace the file">
              <Text size="sm" c="dimmed">
                The new file becomes revision {d.revision + 1}; the earlier ones are kept.
              </Text>
              <Replace tenantId={tenantId} file={d} />
            </Section>
          ) : null}
          <Section title="Revisions">
            <Revisions tenantId={tenantId} detail={d} />
          </Section>
          {canEdit ? (
            <Group>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Delete file
              </Button>
            </Group>
          ) : null}
          <ConfirmModal
            opened={confirming}
            title="Delete this file?"
            confirmLabel="Delete file"
            pending={remove.isPending}
            error={
              remove.isError ? <ErrorAlert>{evidenceErrorText(remove.error)}</ErrorAlert> : null
            }
            onConfirm={() =>
              remove.mutate(d.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onClose();
                },
              })
            }
            onClose={() => {
              remove.reset();
              setConfirming(false);
            }}
          >
            <Text size="sm" style={NAME_WRAP}>
              <strong>{d.name}</strong> will be deleted with its {d.revisions.length}{' '}
              {d.revisions.length === 1 ? 'revision' : 'revisions'}
              {d.uses.length
                ? ` and removed from ${d.uses.length} ${d.uses.length === 1 ? 'answer' : 'answers'}`
                : ''}
              . This cannot be undone.
            </Text>
          </ConfirmModal>
        </Stack>
      ) : null}
    </Drawer>
  );
}
