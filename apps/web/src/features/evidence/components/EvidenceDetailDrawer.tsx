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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      aria-label={t('edit.label')}
      onSubmit={form.onSubmit((v) => save(v, file.version))}
    >
      <Stack gap="sm">
        <TextInput label={t('edit.name')} {...form.getInputProps('name')} />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label={t('edit.effectiveOn')}
            description={t('edit.effectiveOn.description')}
            {...form.getInputProps('effectiveOn')}
          />
          <TextInput
            type="date"
            label={t('edit.expiresOn')}
            description={t('edit.expiresOn.description')}
            {...form.getInputProps('expiresOn')}
          />
        </Group>
        {conflict ? (
          <RevisionConflict
            current={conflict}
            noun={t('conflict.file')}
            savedBy={null}
            savedAt={null}
            busy={update.isPending}
            summary={rich(
              t,
              conflict.expiresOn ? 'edit.conflict.expiring' : 'edit.conflict.noExpiry',
              {
                effective: formatCalendarDay(conflict.effectiveOn),
                expires: conflict.expiresOn ? formatCalendarDay(conflict.expiresOn) : '',
              },
              { name: <strong>{conflict.name}</strong> },
            )}
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
            {t('edit.save')}
          </Button>
          {saved ? (
            <Text size="sm" c="teal" role="status">
              {t('edit.saved')}
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
        {t('drawer.uses.none')}
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
              {t(r.revision === detail.revision ? 'revisions.titleCurrent' : 'revisions.title', {
                revision: r.revision,
                name: r.name,
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t(r.expiresOn ? 'revisions.metaExpires' : 'revisions.meta', {
                size: formatBytes(r.bytes),
                effective: formatCalendarDay(r.effectiveOn),
                expires: r.expiresOn ? formatCalendarDay(r.expiresOn) : '',
              })}
            </Text>
            <Text size="xs" c="dimmed" style={NAME_WRAP}>
              {r.uploadedBy.name} ·{' '}
              <time dateTime={r.uploadedAt}>{formatDateTime(r.uploadedAt)}</time>
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              SHA-256 {r.sha256}
            </Text>
          </Stack>
          <Tooltip label={t('revisions.download')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('revisions.downloadLabel', { revision: r.revision })}
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
    room: { count: 1, message: t('drawer.replace.oneAtATime') },
  });
  return (
    <EvidenceDropZone label={t('drawer.replace.label', { name: file.name })} uploads={uploads} />
  );
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
      title={d?.name ?? t('drawer.title')}
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-busy aria-label={t('drawer.loading')}>
          <Skeleton height={56} />
          <Skeleton height={120} />
        </Stack>
      ) : detail.isError ? (
        <ErrorAlert title={t('drawer.loadFailed')}>{evidenceErrorText(detail.error)}</ErrorAlert>
      ) : d ? (
        <Stack gap="lg">
          <EvidenceFileRow file={d} />
          <Section title={t('drawer.uses')}>
            <Uses uses={d.uses} hrefOfUse={hrefOfUse} />
          </Section>
          {canEdit ? (
            <Section title={t('drawer.details')}>
              <EditForm key={`${d.id}/${d.version}`} tenantId={tenantId} file={d} />
            </Section>
          ) : null}
          {canEdit ? (
            <Section title={t('drawer.replace')}>
              <Text size="sm" c="dimmed">
                {t('drawer.replace.body', { revision: d.revision + 1 })}
              </Text>
              <Replace tenantId={tenantId} file={d} />
            </Section>
          ) : null}
          <Section title={t('drawer.revisions')}>
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
                {t('drawer.delete')}
              </Button>
            </Group>
          ) : null}
          <ConfirmModal
            opened={confirming}
            title={t('drawer.delete.title')}
            confirmLabel={t('drawer.delete.confirm')}
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
              {rich(
                t,
                d.uses.length ? 'drawer.delete.bodyUsed' : 'drawer.delete.body',
                { count: d.revisions.length, answers: d.uses.length },
                { name: <strong>{d.name}</strong> },
              )}
            </Text>
          </ConfirmModal>
        </Stack>
      ) : null}
    </Drawer>
  );
}
