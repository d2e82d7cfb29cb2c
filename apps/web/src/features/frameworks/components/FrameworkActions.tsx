import {
  parseFrameworkDocument,
  type DocumentProblem,
  type FrameworkDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowBackUp,
  IconChevronDown,
  IconDownload,
  IconFileImport,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { STALE_REVISION_CODE } from '#web/components/RevisionConflict.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSetFrameworkArchived } from '../api/archive-framework.ts';
import { useDeleteFramework } from '../api/delete-framework.ts';
import { useDiscardDraft } from '../api/discard-draft.ts';
import { frameworkExportUrl } from '../api/export-framework.ts';
import { fileKey, readFrameworkFile } from '../lib/framework-file.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { t } from '../messages.ts';

interface FrameworkActionsProps {
  detail: FrameworkDetail;
  revision: number;
  dirty: boolean;
  hrefFor: (focus?: string) => string;
  /** The server's framework after a discard (the editor shows its draft). */
  onDraftReplaced: (detail: FrameworkDetail) => void;
  /** The draft changed on the server meanwhile: the editor loads it again. */
  onStale: () => void;
  /** A file's document, checked, to edit in place of the draft (not saved yet). */
  onLoadDocument: (document: FrameworkDocument) => void;
  onUndo: () => void;
}

type Dialog =
  | { kind: 'discard' }
  | { kind: 'delete' }
  | {
      kind: 'file';
      title: string;
      message: string;
      problems?: DocumentProblem[];
      document?: unknown;
    }
  | null;

/** "More": replace the draft from a file, export, undo, discard, archive or restore, delete. */
export function FrameworkActions({
  detail,
  revision,
  dirty,
  hrefFor,
  onDraftReplaced,
  onStale,
  onLoadDocument,
  onUndo,
}: FrameworkActionsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const discard = useDiscardDraft(detail.id);
  const archive = useSetFrameworkArchived(detail.id);
  const remove = useDeleteFramework(detail.id);
  const navigate = useNavigate();
  const published = detail.latestVersion !== null;
  const close = () => {
    setDialog(null);
    setError(null);
  };

  async function pickFile(file: File | undefined) {
    if (!file) return;
    const read = await readFrameworkFile(file);
    if (!read.ok) {
      setDialog({ kind: 'file', title: t('actions.file.unreadable'), message: read.message });
      return;
    }
    const key = fileKey(read.document);
    if (key !== null && key !== detail.key) {
      setDialog({
        kind: 'file',
        title: t('actions.file.otherFramework'),
        message: t('actions.file.otherFramework.body', { fileKey: key, key: detail.key }),
      });
      return;
    }
    const parsed = parseFrameworkDocument(read.document);
    if (!parsed.ok) {
      setDialog({
        kind: 'file',
        title: t('actions.file.problems', { count: parsed.problems.length }),
        message: t('actions.file.problems.body'),
        problems: parsed.problems,
        document: read.document,
      });
      return;
    }
    onLoadDocument(parsed.document);
    notifications.show({
      message: t('actions.file.loaded', { name: file.name }),
      color: 'blue',
    });
  }

  async function setArchived(archived: boolean) {
    try {
      await archive.mutateAsync(archived);
      notifications.show({
        message: archived
          ? t('actions.archived', { name: detail.name })
          : t('actions.restored', { name: detail.name }),
        color: 'green',
      });
    } catch (err) {
      notifications.show({
        message: err instanceof Error ? err.message : t('actions.failed'),
        color: 'red',
      });
    }
  }

  async function confirmDiscard() {
    setError(null);
    try {
      const fresh = await discard.mutateAsync(revision);
      onDraftReplaced(fresh);
      close();
      notifications.show({
        message: t('actions.discarded', { version: fresh.latestVersion ?? '' }),
        color: 'green',
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === STALE_REVISION_CODE) {
        setError(t('actions.discard.stale'));
        onStale();
        return;
      }
      setError(err instanceof Error ? err.message : t('actions.failedRetry'));
    }
  }

  async function confirmDelete() {
    setError(null);
    try {
      await remove.mutateAsync();
      close();
      notifications.show({ message: t('actions.deleted', { name: detail.name }), color: 'green' });
      void navigate(hrefFor(), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'content.in_use') {
        setError(t('actions.delete.inUse', { message: err.message }));
        return;
      }
      setError(err instanceof Error ? err.message : t('actions.failedRetry'));
    }
  }

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="replace-draft-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void pickFile(file);
        }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {t('actions.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!dirty}
            onClick={onUndo}
          >
            {t('actions.undo')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => fileInput.current?.click()}
          >
            {t('actions.replace')}
          </Menu.Item>
          <Menu.Item
            component="a"
            href={frameworkExportUrl(detail.id, 'draft')}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('actions.export')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!published || !detail.hasDraftChanges}
            onClick={() => setDialog({ kind: 'discard' })}
          >
            {t('actions.discard')}
          </Menu.Item>
          {detail.archivedAt ? (
            <Menu.Item
              leftSection={<IconRestore size={16} aria-hidden />}
              onClick={() => void setArchived(false)}
            >
              {t('actions.restore')}
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconArchive size={16} aria-hidden />}
              onClick={() => void setArchived(true)}
            >
              {t('actions.archive')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'delete' })}
          >
            {t('actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={dialog?.kind === 'discard'}
        onClose={close}
        title={t('actions.discard.title')}
        centered
      >
        <Stack>
          <Text size="sm">
            {t(dirty ? 'actions.discard.bodyUnsaved' : 'actions.discard.body', {
              version: detail.latestVersion ?? '',
            })}
          </Text>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('actions.discard.keep')}
            </Button>
            <Button color="red" loading={discard.isPending} onClick={() => void confirmDiscard()}>
              {t('actions.discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={t('actions.delete.title', { name: detail.name })}
        centered
      >
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {published ? t('actions.delete.published') : t('actions.delete.draftOnly')}
          </Text>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('actions.delete.cancel')}
            </Button>
            {published ? (
              <Button
                onClick={() => {
                  close();
                  void setArchived(true);
                }}
                disabled={Boolean(detail.archivedAt)}
              >
                {t('actions.delete.archiveInstead')}
              </Button>
            ) : (
              <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
                {t('actions.delete.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog?.kind === 'file'}
        onClose={close}
        title={dialog?.kind === 'file' ? dialog.title : ''}
        size="lg"
      >
        {dialog?.kind === 'file' ? (
          <Stack>
            <Text size="sm">{dialog.message}</Text>
            {dialog.problems ? (
              <DocumentProblemsList problems={dialog.problems} document={dialog.document} />
            ) : null}
            <Group justify="flex-end">
              <Button onClick={close}>{t('actions.file.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
