import type { FrameworkDetail, FrameworkDocument } from '@tenantry/shared';
import {
  Anchor,
  Button,
  Card,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import type { InsertImage, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { ApiError } from '#web/lib/api.ts';
import { useFramework } from '../api/get-framework.ts';
import { documentErrors } from '../lib/document-problems.ts';
import type { FrameworkForm } from '../lib/editor-form.ts';
import { ROOT_REF } from '../lib/framework-tree.ts';
import { FrameworkActions } from './FrameworkActions.tsx';
import {
  DraftConflict,
  DraftEditView,
  DraftProblems,
  EditorHeader,
} from './FrameworkEditorParts.tsx';
import { PublishModal } from './PublishModal.tsx';
import { TranslationsNotice } from './TranslationsNotice.tsx';
import { UpstreamBanner, UpstreamChanges } from './UpstreamChanges.tsx';
import { useDraftTree } from './use-draft-tree.ts';
import { useFrameworkDraft } from './use-framework-draft.ts';
import { VersionHistory } from './VersionHistory.tsx';
import { t } from '../messages.ts';

interface FrameworkEditorProps {
  id: string;
  hrefFor: (focus?: string) => string;
  /** Opens the screen's image picker for a markdown editor (the route gives it, if any). */
  onInsertImage?: OpenImagePicker;
}

/** The framework editor: loads the framework, then edits its draft. */
export function FrameworkEditor({ id, hrefFor, onInsertImage }: FrameworkEditorProps) {
  const query = useFramework(id);
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-label={t('editor.loading')} aria-busy>
        <Skeleton height={40} width="60%" />
        <Skeleton height={20} width="40%" />
        <Skeleton height={360} />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return missing ? (
      <Card withBorder padding="xl">
        <Stack align="flex-start" gap="sm">
          <Title order={2} size="h3">
            {t('editor.notFound')}
          </Title>
          <Text c="dimmed">{t('editor.notFound.body')}</Text>
          <Anchor component={Link} to={hrefFor()}>
            {t('editor.back')}
          </Anchor>
        </Stack>
      </Card>
    ) : (
      <ErrorAlert title={t('editor.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('editor.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  return (
    <LoadedEditor key={id} initial={query.data} hrefFor={hrefFor} onInsertImage={onInsertImage} />
  );
}

/**
 * A loaded framework's draft: its header, the tree and the selected node's form (or the
 * versions), Publish. The draft and its saves are `useFrameworkDraft`'s, the tree's selection
 * `useDraftTree`'s.
 */
function LoadedEditor({
  initial,
  hrefFor,
  onInsertImage,
}: {
  initial: FrameworkDetail;
  hrefFor: (focus?: string) => string;
  onInsertImage?: OpenImagePicker;
}) {
  const form: FrameworkForm = useForm<FrameworkDocument>({
    initialValues: initial.draft,
    validate: documentErrors,
  });
  const [view, setView] = useState<'edit' | 'versions' | 'upstream'>('edit');
  const [publishing, setPublishing] = useState(false);
  const formPane = useRef<HTMLDivElement>(null);
  const tree = useDraftTree(form, initial.draft, formPane);
  const draft = useFrameworkDraft(initial, form, {
    onLoaded: tree.keepSelection,
    onInvalid: () => setView('edit'),
  });
  const { detail, dirty, revision, conflict } = draft;
  /** Side by side (not stacked): the tree stays in view while the form scrolls. */
  const sideBySide = useMediaQuery('(min-width: 62em)');
  useHotkeys([['mod+S', () => void draft.saveDraft()]], []);
  const insertImage: InsertImage | undefined = onInsertImage
    ? (insert) => onInsertImage(insert, { scope: detail.scope })
    : undefined;

  return (
    <Stack gap="md">
      <EditorHeader
        detail={detail}
        name={form.values.name || detail.name}
        dirty={dirty}
        saving={draft.saving}
        onSave={() => void draft.saveDraft()}
        onPublish={() => setPublishing(true)}
        backHref={hrefFor()}
        actions={
          <FrameworkActions
            detail={detail}
            revision={revision}
            dirty={dirty}
            hrefFor={hrefFor}
            onDraftReplaced={draft.loadDraft}
            onStale={draft.reload}
            onLoadDocument={(doc) => {
              form.setValues(doc);
              tree.setSelected(ROOT_REF);
            }}
            onUndo={() => form.reset()}
          />
        }
      />

      {detail.archivedAt ? (
        <Text size="sm" c="dimmed">
          {t('editor.archived')}
        </Text>
      ) : null}

      {view !== 'upstream' ? (
        <UpstreamBanner detail={detail} onReview={() => setView('upstream')} />
      ) : null}
      <TranslationsNotice detail={detail} />

      {conflict ? <DraftConflict conflict={conflict} draft={draft} form={form} /> : null}

      {draft.saveError ? <ErrorAlert>{draft.saveError}</ErrorAlert> : null}

      <DraftProblems
        form={form}
        onSelect={(ref) => {
          setView('edit');
          tree.select(ref);
        }}
      />

      <SegmentedControl
        aria-label={t('editor.view')}
        value={view}
        onChange={(v) => setView(v as typeof view)}
        data={[
          { value: 'edit', label: t('editor.view.edit') },
          {
            value: 'versions',
            label: t('editor.view.versions', { count: detail.versions.length }),
          },
          ...(detail.upstream ? [{ value: 'upstream', label: t('editor.view.upstream') }] : []),
        ]}
        w="fit-content"
        maw="100%"
      />

      {view === 'edit' ? (
        <DraftEditView
          form={form}
          draft={draft}
          tree={tree}
          formPaneRef={formPane}
          sideBySide={sideBySide}
          onInsertImage={insertImage}
        />
      ) : view === 'upstream' ? (
        <UpstreamChanges
          detail={detail}
          revision={revision}
          dirty={dirty}
          onTaken={draft.loadDraft}
          onStale={draft.reload}
        />
      ) : (
        <VersionHistory detail={detail} dirty={dirty} />
      )}

      <PublishModal
        opened={publishing}
        onClose={() => setPublishing(false)}
        detail={detail}
        revision={revision}
        onStale={draft.reload}
      />
      <UnsavedChangesPrompt when={dirty} />
    </Stack>
  );
}
