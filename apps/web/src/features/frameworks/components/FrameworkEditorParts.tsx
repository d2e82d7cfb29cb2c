import { diffFrameworks, type FrameworkDetail, type FrameworkDocument } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconRocket } from '@tabler/icons-react';
import { useMemo, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import { SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { countProblems, toFormPath } from '../lib/document-problems.ts';
import { setList, type FrameworkForm } from '../lib/editor-form.ts';
import {
  addQuestion,
  addSection,
  collectKeys,
  getNode,
  moveNode,
  moveNodeInto,
  parseRef,
  refOfPath,
  removeNode,
  ROOT_REF,
  sectionKeys,
  sectionRef,
  visibleRows,
  type NodeRef,
} from '../lib/framework-tree.ts';
import { draftHeadline } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { FrameworkDetailsForm } from './FrameworkDetailsForm.tsx';
import { FrameworkDiffView } from './FrameworkDiffView.tsx';
import { FrameworkTree } from './FrameworkTree.tsx';
import { NodeActions } from './NodeActions.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { SectionForm } from './SectionForm.tsx';
import type { DraftTree } from './use-draft-tree.ts';
import type { FrameworkDraft } from './use-framework-draft.ts';
import { t } from '../messages.ts';

/** Back to the list; the framework's name, key, scope and state; Save, Publish and more. */
export function EditorHeader({
  detail,
  name,
  dirty,
  saving,
  onSave,
  onPublish,
  actions,
  backHref,
}: {
  detail: FrameworkDetail;
  /** The name as typed (the saved one while the field is empty). */
  name: string;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onPublish: () => void;
  /** The "More" menu (FrameworkActions). */
  actions: ReactNode;
  backHref: string;
}) {
  const nothingToPublish = detail.latestVersion !== null && !detail.hasDraftChanges;
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={backHref} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('header.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} flex="1 1 320px">
          <Title order={2} size="h3" style={NAME_WRAP}>
            {name}
          </Title>
          <Group gap={6} wrap="wrap">
            <Code>{detail.key}</Code>
            <Badge
              variant="dot"
              color={detail.scope === 'global' ? 'grape' : 'cyan'}
              size="sm"
              tt="none"
            >
              {SCOPE_LABELS[detail.scope]}
            </Badge>
            <Text size="sm" c="dimmed" aria-label={t('header.state')}>
              {draftHeadline(detail)}
            </Text>
            {detail.archivedAt ? (
              <Badge color="gray" variant="outline" size="sm" tt="none">
                {t('header.archived')}
              </Badge>
            ) : null}
            {dirty ? (
              <Badge color="orange" variant="light" size="sm" tt="none">
                {t('header.unsaved')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Tooltip label={t('header.saveShortcut')} withArrow>
            <Button
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              onClick={onSave}
              loading={saving}
              disabled={!dirty}
            >
              {t('header.save')}
            </Button>
          </Tooltip>
          <Button
            variant="light"
            leftSection={<IconRocket size={18} aria-hidden />}
            onClick={onPublish}
            disabled={dirty || nothingToPublish}
          >
            {t('header.publish')}
          </Button>
          {actions}
        </Group>
      </Group>
      {dirty ? (
        <Text size="xs" c="dimmed">
          {t('header.saveFirst')}
        </Text>
      ) : nothingToPublish ? null : detail.latestVersion === null ? (
        <Text size="xs" c="dimmed">
          {t('header.unpublished')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Someone else saved the draft meanwhile: what mine changes compared with theirs. */
export function DraftConflict({
  conflict,
  draft,
  form,
}: {
  /** Their framework, as the refusal carried it. */
  conflict: FrameworkDetail;
  draft: FrameworkDraft;
  form: FrameworkForm;
}) {
  return (
    <RevisionConflict
      current={conflict}
      noun={t('conflict.noun')}
      savedBy={conflict.draftUpdatedBy}
      savedAt={conflict.draftUpdatedAt}
      busy={draft.saving}
      onKeepMine={(current) => void draft.saveDraft(current.draftRevision)}
      onTakeTheirs={draft.takeTheirs}
      renderTheirs={(current) => (
        <Stack gap="xs">
          <Text size="sm">{t('conflict.theirs')}</Text>
          <FrameworkDiffView
            diff={diffFrameworks(current.draft, form.getValues())}
            label={t('conflict.diffLabel')}
          />
        </Stack>
      )}
    />
  );
}

/** The form's problems, each a link to its node; nothing when there are none. */
export function DraftProblems({
  form,
  onSelect,
}: {
  form: FrameworkForm;
  onSelect: (ref: NodeRef) => void;
}) {
  const problems = useMemo(
    () =>
      Object.entries(form.errors)
        .filter(([, message]) => Boolean(message))
        .map(([path, message]) => ({
          path: path.replace(/\.(\d+)/g, '[$1]'),
          message: String(message),
        })),
    [form.errors],
  );
  if (problems.length === 0) return null;
  return (
    <ErrorAlert title={t('problems.draft.title', { count: problems.length })}>
      <DocumentProblemsList
        problems={problems}
        document={form.values}
        label={t('problems.draft.label')}
        onSelect={(p) => onSelect(refOfPath(toFormPath(p.path)))}
      />
    </ErrorAlert>
  );
}

/**
 * Keys a new node is never given: those of published versions and of the saved draft (a
 * deleted question's key would otherwise come back on a different question); and a published
 * version's question under a key, when this question is new to the draft (it is refused
 * unless the author says it is the same question).
 */
function useReservedKeys(detail: FrameworkDetail) {
  const reserved = useMemo(() => {
    const keys = collectKeys(detail.draft.sections);
    for (const u of detail.usedKeys) keys.add(u.key);
    return keys;
  }, [detail.draft.sections, detail.usedKeys]);
  /** Questions of published versions, by key: a new question with one of these keys is refused. */
  const publishedQuestions = useMemo(
    () => new Map(detail.usedKeys.filter((u) => u.kind === 'question').map((u) => [u.key, u])),
    [detail.usedKeys],
  );
  const savedQuestionKeys = useMemo(() => {
    const keys = new Set<string>();
    const walk = (list: FrameworkDocument['sections']) => {
      for (const sec of list) {
        for (const q of sec.questions) keys.add(q.key);
        walk(sec.sections);
      }
    };
    walk(detail.draft.sections);
    return keys;
  }, [detail.draft.sections]);
  /** A published version's question under `key`, when this question is new to the draft. */
  const reusedKeyOf = (key: string) =>
    savedQuestionKeys.has(key) ? undefined : publishedQuestions.get(key);
  return { reserved, reusedKeyOf };
}

interface EditViewProps {
  form: FrameworkForm;
  draft: FrameworkDraft;
  tree: DraftTree;
  /** The node's form (the tree scrolls it into view on a phone). */
  formPaneRef: RefObject<HTMLDivElement | null>;
  /** Side by side (not stacked): the tree stays in view while the form scrolls. */
  sideBySide: boolean;
  onInsertImage: InsertImage | undefined;
}

/** The node's form: the framework's details, or a section's or question's with its actions. */
function NodePane({
  form,
  draft,
  tree,
  onInsertImage,
  reserved,
  reusedKeyOf,
}: Omit<EditViewProps, 'sideBySide' | 'formPaneRef'> & ReturnType<typeof useReservedKeys>) {
  const { detail } = draft;
  const { selected, applyTree } = tree;
  const sections = form.values.sections;
  const node = getNode(sections, selected);
  if (!node) return <FrameworkDetailsForm form={form} onInsertImage={onInsertImage} />;
  const parsed = parseRef(selected);
  const sectionPath = parsed?.sectionPath ?? [];
  return (
    <Stack gap="md">
      <NodeActions
        sections={sections}
        nodeRef={selected}
        onAddQuestion={() =>
          applyTree(
            addQuestion(sections, sectionPath, { after: parsed?.question ?? undefined, reserved }),
          )
        }
        onAddSubsection={() => applyTree(addSection(sections, sectionPath, reserved))}
        onMove={(delta) => applyTree(moveNode(sections, selected, delta))}
        onMoveInto={(target) => applyTree(moveNodeInto(sections, selected, target))}
        onDelete={() => {
          const above = parsed && parsed.question === null ? sectionPath.slice(0, -1) : sectionPath;
          setList(form, 'sections', removeNode(sections, selected));
          tree.setSelected(above.length ? sectionRef(above) : ROOT_REF);
        }}
      />
      {node.kind === 'section' ? (
        <SectionForm
          key={selected}
          form={form}
          nodeRef={selected}
          section={node.node}
          depth={node.depth}
          onInsertImage={onInsertImage}
        />
      ) : (
        <QuestionForm
          key={selected}
          form={form}
          nodeRef={selected}
          question={node.node}
          scope={detail.scope}
          onInsertImage={onInsertImage}
          reusedKey={reusedKeyOf(node.node.key)}
          sameQuestion={draft.sameQuestions.has(node.node.key)}
          onSameQuestionChange={(same) => draft.setSameQuestion(node.node.key, same)}
        />
      )}
    </Stack>
  );
}

/** "Edit draft": the tree beside (or above) the selected node's form. */
export function DraftEditView(props: EditViewProps) {
  const { form, draft, tree, formPaneRef, sideBySide } = props;
  const values = form.values;
  const { selected, collapsed, setCollapsed, applyTree } = tree;
  const keys = useReservedKeys(draft.detail);
  const rows = useMemo(() => visibleRows(values.sections, collapsed), [values.sections, collapsed]);
  const problemCounts = useMemo(() => countProblems(form.errors), [form.errors]);
  const node = getNode(values.sections, selected);
  const paneTitle = !node
    ? t('pane.details')
    : node.kind === 'section'
      ? t('pane.section', { key: node.node.key })
      : t('pane.question', { key: node.node.key });
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Box style={sideBySide ? { position: 'sticky', top: 72 } : undefined}>
          <FrameworkTree
            rows={rows}
            selected={node ? selected : ROOT_REF}
            problems={problemCounts}
            onSelect={tree.select}
            onToggle={tree.toggle}
            onExpandAll={() => setCollapsed(new Set())}
            onCollapseAll={() => setCollapsed(new Set(sectionKeys(values.sections)))}
            onAddSection={() => applyTree(addSection(values.sections, null, keys.reserved))}
            rootLabel={t('pane.details')}
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Box ref={formPaneRef} style={{ scrollMarginTop: 80 }}>
          <Paper withBorder p="md" component="section" aria-label={paneTitle}>
            <Stack gap="md">
              <Title order={3} size="h4" style={NAME_WRAP}>
                {paneTitle}
              </Title>
              <NodePane
                form={form}
                draft={draft}
                tree={tree}
                onInsertImage={props.onInsertImage}
                {...keys}
              />
            </Stack>
          </Paper>
        </Box>
      </Grid.Col>
    </Grid>
  );
}
