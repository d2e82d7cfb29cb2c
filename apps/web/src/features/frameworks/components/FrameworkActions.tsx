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
import { plural } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';

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
      setDialog({ kind: 'file', title: 'The file could not be read', message: read.message });
      return;
    }
    const key = fileKey(read.document);
    if (key !== null && key !== detail.key) {
      setDialog({
        kind: 'file',
        title: 'That file is for another framework',
        message: `The file is for the framework “${key}”; this one is “${detail.key}”. Import it from the list as a new framework, or change its key.`,
      });
      return;
    }
    const parsed = parseFrameworkDocument(read.document);
    if (!parsed.ok) {
      setDialog({
        kind: 'file',
        title: `Nothing was loaded: the file has ${plural(parsed.problems.length, 'problem')}`,
        message: 'Fix them in the file and choose it again.',
        problems: parsed.problems,
        document: read.document,
      });
      return;
    }
    onLoadDocument(parsed.document);
    notifications.show({
      message: `${file.name} is loaded into the editor. Review it, then save the draft.`,
      color: 'blue',
    });
  }

  async function setArchived(archived: boolean) {
    try {
      await archive.mutateAsync(archived);
      notifications.show({
        message: archived
          ? `${detail.name} is archived: it is hidden from Explore and new assessments.`
          : `${detail.name} is restored.`,
        color: 'green',
      });
    } catch (err) {
      notifications.show({
        message: err instanceof Error ? err.message : 'Something went wrong.',
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
        message: `The draft is back to v${fresh.latestVersion ?? ''}.`,
        color: 'green',
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === STALE_REVISION_CODE) {
        setError(
          'Someone saved this draft meanwhile. Their draft is loaded now; look at it before discarding.',
        );
        onStale();
        return;
      }
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  async function confirmDelete() {
    setError(null);
    try {
      await remove.mutateAsync();
      close();
      notifications.show({ message: `${detail.name} is deleted.`, color: 'green' });
      void navigate(hrefFor(), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'content.in_use') {
        setError(
          `${err.message} Archiving hides it from Explore and new assessments; the assessments that use it keep working.`,
        );
        return;
      }
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
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
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!dirty}
            onClick={onUndo}
          >
            Undo unsaved changes
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => fileInput.current?.click()}
          >
            Replace draft from file…
          </Menu.Item>
          <Menu.Item
            component="a"
            href={frameworkExportUrl(detail.id, 'draft')}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export the saved draft
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!published || !detail.hasDraftChanges}
            onClick={() => setDialog({ kind: 'discard' })}
          >
            Discard draft changes…
          </Menu.Item>
          {detail.archivedAt ? (
            <Menu.Item
              leftSection={<IconRestore size={16} aria-hidden />}
              onClick={() => void setArchived(false)}
            >
              Restore
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconArchive size={16} aria-hidden />}
              onClick={() => void setArchived(true)}
            >
              Archive
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'delete' })}
          >
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={dialog?.kind === 'discard'}
        onClose={close}
        title="Discard the draft changes?"
        centered
      >
        <Stack>
          <Text size="sm">
            The draft goes back to v{detail.latestVersion}, as published. The changes saved since
            then are dropped{dirty ? ', and so are your unsaved changes' : ''}.
          </Text>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep the draft
            </Button>
            <Button color="red" loading={discard.isPending} onClick={() => void confirmDiscard()}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={`Delete ${detail.name}?`}
        centered
      >
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {published
              ? 'It has published versions, which assessments may use, so it cannot be deleted: archive it instead.'
              : 'The framework and its draft are deleted for good.'}
          </Text>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            {published ? (
              <Button
                onClick={() => {
                  close();
                  void setArchived(true);
                }}
                disabled={Boolean(detail.archivedAt)}
              >
                Archive instead
              </Button>
            ) : (
              <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
                Delete framework
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
              <Button onClick={close}>Close</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
