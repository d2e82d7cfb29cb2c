import {
  diffFrameworks,
  FrameworkDetailSchema,
  parseFrameworkDocument,
  type FrameworkDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconRocket } from '@tabler/icons-react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { conflictCurrent, RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import type { InsertImage, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { ApiError } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { SCOPE_LABELS } from '#web/lib/content/scope-labels.ts';
import { fetchFramework, useFramework } from '../api/get-framework.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import {
  countProblems,
  documentErrors,
  problemsOfError,
  problemsToFormErrors,
  toFormPath,
} from '../lib/document-problems.ts';
import { setList, type FrameworkForm } from '../lib/editor-form.ts';
import {
  addQuestion,
  addSection,
  ancestorRefs,
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
  type TreeChange,
} from '../lib/framework-tree.ts';
import { draftHeadline, plural } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { FrameworkActions } from './FrameworkActions.tsx';
import { FrameworkDetailsForm } from './FrameworkDetailsForm.tsx';
import { FrameworkDiffView } from './FrameworkDiffView.tsx';
import { FrameworkTree } from './FrameworkTree.tsx';
import { NodeActions } from './NodeActions.tsx';
import { PublishModal } from './PublishModal.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { SectionForm } from './SectionForm.tsx';
import { VersionHistory } from './VersionHistory.tsx';

interface FrameworkEditorProps {
  id: string;
  hrefFor: (focus?: string) => string;
  /** Opens the screen's image picker for a markdown editor (the route gives it, if any). */
  onInsertImage?: OpenImagePicker;
}

/** Above this many questions, the tree opens with only the top-level sections open. */
const OPEN_ALL_UP_TO = 150;

/** The framework editor: loads the framework, then edits its draft. */
export function FrameworkEditor({ id, hrefFor, onInsertImage }: FrameworkEditorProps) {
  const query = useFramework(id);
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading the framework" aria-busy>
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
            Framework not found
          </Title>
          <Text c="dimmed">It was deleted, or it is not one you may edit.</Text>
          <Anchor component={Link} to={hrefFor()}>
            Back to frameworks
          </Anchor>
        </Stack>
      </Card>
    ) : (
      <ErrorAlert title="The framework could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  return (
    <LoadedEditor key={id} initial={query.data} hrefFor={hrefFor} onInsertImage={onInsertImage} />
  );
}

function initialCollapsed(doc: FrameworkDocument): Set<string> {
  const questions = doc.sections.reduce(function count(n, s): number {
    return s.sections.reduce(count, n + s.questions.length);
  }, 0);
  if (questions <= OPEN_ALL_UP_TO) return new Set();
  return new Set(sectionKeys(doc.sections).filter((k) => !doc.sections.some((s) => s.key === k)));
}

function LoadedEditor({
  initial,
  hrefFor,
  onInsertImage,
}: {
  initial: FrameworkDetail;
  hrefFor: (focus?: string) => string;
  onInsertImage?: OpenImagePicker;
}) {
  const id = initial.id;
  const query = useFramework(id);
  const detail = query.data ?? initial;
  const qc = useQueryClient();
  const save = useSaveDraft(id);
  const form: FrameworkForm = useForm<FrameworkDocument>({
    initialValues: initial.draft,
    validate: documentErrors,
  });
  /** The draft revision my edits start from: only my saves and loads move it. */
  const [revision, setRevision] = useState(initial.draftRevision);
  const [selected, setSelected] = useState<NodeRef>(ROOT_REF);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => initialCollapsed(initial.draft));
  const [conflict, setConflict] = useState<FrameworkDetail | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [view, setView] = useState<'edit' | 'versions'>('edit');
  const [publishing, setPublishing] = useState(false);
  const formPane = useRef<HTMLDivElement>(null);
  /** Side by side (not stacked): the tree stays in view while the form scrolls. */
  const sideBySide = useMediaQuery('(min-width: 62em)');
  const dirty = form.isDirty();
  const values = form.values;
  /**
   * Keys a new node is never given: those of published versions and of the saved draft (a
   * deleted question's key would otherwise come back on a different question).
   */
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
  /** Keys the author said are the same question as a published version's (sent with the save). */
  const [sameQuestions, setSameQuestions] = useState<ReadonlySet<string>>(() => new Set());

  /** Shows a draft from the server (theirs, a discard, a reload) in place of the form's. */
  const loadDraft = useCallback(
    (fresh: FrameworkDetail) => {
      form.setValues(fresh.draft);
      form.resetDirty(fresh.draft);
      form.clearErrors();
      setRevision(fresh.draftRevision);
      setSelected((ref) =>
        ref === ROOT_REF || getNode(fresh.draft.sections, ref) ? ref : ROOT_REF,
      );
    },
    // The form's methods are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // Someone else saved (seen when the framework is fetched again, e.g. on returning to the
  // tab) while I have nothing unsaved: show theirs.
  const state = useRef({ dirty, conflict: false, saving: false, revision });
  useEffect(() => {
    state.current = { dirty, conflict: conflict !== null, saving: save.isPending, revision };
  });
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.query.queryHash !== hashKey(contentKeys.detail('frameworks', id))) return;
        const fresh = event.query.state.data as FrameworkDetail | undefined;
        const now = state.current;
        if (!fresh || now.dirty || now.conflict || now.saving) return;
        if (fresh.draftRevision > now.revision) loadDraft(fresh);
      }),
    [qc, id, loadDraft],
  );

  const select = useCallback((ref: NodeRef) => {
    setSelected(ref);
    const sections = form.getValues().sections;
    const above = ancestorRefs(ref)
      .map((r) => getNode(sections, r)?.node.key)
      .filter((k): k is string => Boolean(k));
    if (above.length) {
      setCollapsed((c) => {
        if (!above.some((k) => c.has(k))) return c;
        const next = new Set(c);
        above.forEach((k) => next.delete(k));
        return next;
      });
    }
    // On a phone the form is below the tree: bring it into view.
    if (window.matchMedia('(max-width: 62em)').matches) {
      formPane.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = useCallback((key: string) => {
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  function applyTree(change: TreeChange | null) {
    if (!change) return;
    setList(form, 'sections', change.sections);
    select(change.ref);
  }

  async function saveDraft(onRevision: number = revision) {
    setSaveError(null);
    const sent = form.getValues();
    const parsed = parseFrameworkDocument(sent);
    if (!parsed.ok) {
      form.setErrors(problemsToFormErrors(parsed.problems));
      setView('edit');
      return;
    }
    try {
      const saved = await save.mutateAsync({
        revision: onRevision,
        document: parsed.document,
        sameQuestions: [...sameQuestions].filter((k) =>
          collectKeys(parsed.document.sections).has(k),
        ),
      });
      setConflict(null);
      setRevision(saved.draftRevision);
      // The server keeps the canonical form (tags lower-cased, text trimmed); show it, unless
      // the form changed while saving.
      if (form.getValues() === sent) form.setValues(saved.draft);
      form.resetDirty(saved.draft);
      notifications.show({ message: 'Draft saved.', color: 'green' });
    } catch (err) {
      const current = conflictCurrent(err, FrameworkDetailSchema);
      if (current !== undefined) {
        try {
          const theirs = current ?? (await fetchFramework(id));
          setConflict(theirs);
          // The header tells the framework's state as it is now (mine stays in the form).
          qc.setQueryData(contentKeys.detail('frameworks', id), theirs);
        } catch {
          setSaveError(
            'Someone else saved this draft meanwhile, and it could not be loaded. Try again.',
          );
        }
        return;
      }
      const problems = problemsOfError(err);
      if (problems) {
        form.setErrors(problemsToFormErrors(problems));
        setSaveError(err instanceof Error ? err.message : null);
        return;
      }
      setSaveError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  useHotkeys([['mod+S', () => void saveDraft()]], []);

  const rows = useMemo(() => visibleRows(values.sections, collapsed), [values.sections, collapsed]);
  const problemCounts = useMemo(() => countProblems(form.errors), [form.errors]);
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

  const node = getNode(values.sections, selected);
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
  const insertImage: InsertImage | undefined = onInsertImage
    ? (insert) => onInsertImage(insert, { scope: detail.scope })
    : undefined;
  const nothingToPublish = detail.latestVersion !== null && !detail.hasDraftChanges;

  let pane;
  if (!node) {
    pane = <FrameworkDetailsForm form={form} onInsertImage={insertImage} />;
  } else {
    const parsed = parseRef(selected);
    const sectionPath = parsed?.sectionPath ?? [];
    pane = (
      <Stack gap="md">
        <NodeActions
          sections={values.sections}
          nodeRef={selected}
          onAddQuestion={() =>
            applyTree(
              addQuestion(values.sections, sectionPath, {
                after: parsed?.question ?? undefined,
                reserved,
              }),
            )
          }
          onAddSubsection={() => applyTree(addSection(values.sections, sectionPath, reserved))}
          onMove={(delta) => applyTree(moveNode(values.sections, selected, delta))}
          onMoveInto={(target) => applyTree(moveNodeInto(values.sections, selected, target))}
          onDelete={() => {
            const above =
              parsed && parsed.question === null ? sectionPath.slice(0, -1) : sectionPath;
            setList(form, 'sections', removeNode(values.sections, selected));
            setSelected(above.length ? sectionRef(above) : ROOT_REF);
          }}
        />
        {node.kind === 'section' ? (
          <SectionForm
            key={selected}
            form={form}
            nodeRef={selected}
            section={node.node}
            depth={node.depth}
            onInsertImage={insertImage}
          />
        ) : (
          <QuestionForm
            key={selected}
            form={form}
            nodeRef={selected}
            question={node.node}
            scope={detail.scope}
            onInsertImage={insertImage}
            reusedKey={reusedKeyOf(node.node.key)}
            sameQuestion={sameQuestions.has(node.node.key)}
            onSameQuestionChange={(same) =>
              setSameQuestions((prev) => {
                const next = new Set(prev);
                if (same) next.add(node.node.key);
                else next.delete(node.node.key);
                return next;
              })
            }
          />
        )}
      </Stack>
    );
  }

  const paneTitle = !node
    ? 'Framework details'
    : `${node.kind === 'section' ? 'Section' : 'Question'} ${node.node.key}`;

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Anchor component={Link} to={hrefFor()} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            All frameworks
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} miw={0} flex="1 1 320px">
            <Title order={2} size="h3" style={NAME_WRAP}>
              {values.name || detail.name}
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
              <Text size="sm" c="dimmed" aria-label="Draft state">
                {draftHeadline(detail)}
              </Text>
              {detail.archivedAt ? (
                <Badge color="gray" variant="outline" size="sm" tt="none">
                  Archived
                </Badge>
              ) : null}
              {dirty ? (
                <Badge color="orange" variant="light" size="sm" tt="none">
                  Unsaved changes
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Tooltip label="Ctrl+S / ⌘S" withArrow>
              <Button
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={() => void saveDraft()}
                loading={save.isPending}
                disabled={!dirty}
              >
                Save
              </Button>
            </Tooltip>
            <Button
              variant="light"
              leftSection={<IconRocket size={18} aria-hidden />}
              onClick={() => setPublishing(true)}
              disabled={dirty || nothingToPublish}
            >
              Publish
            </Button>
            <FrameworkActions
              detail={detail}
              revision={revision}
              dirty={dirty}
              hrefFor={hrefFor}
              onDraftReplaced={loadDraft}
              onStale={() => void query.refetch().then((r) => r.data && loadDraft(r.data))}
              onLoadDocument={(doc) => {
                form.setValues(doc);
                setSelected(ROOT_REF);
              }}
              onUndo={() => form.reset()}
            />
          </Group>
        </Group>
        {dirty ? (
          <Text size="xs" c="dimmed">
            Save your changes before publishing.
          </Text>
        ) : nothingToPublish ? null : detail.latestVersion === null ? (
          <Text size="xs" c="dimmed">
            Nobody can use it until you publish version 1.
          </Text>
        ) : null}
      </Stack>

      {detail.archivedAt ? (
        <Text size="sm" c="dimmed">
          Archived: hidden from Explore and from new assessments. Restore it from “More”.
        </Text>
      ) : null}

      {conflict ? (
        <RevisionConflict
          current={conflict}
          noun="framework draft"
          savedBy={conflict.draftUpdatedBy}
          savedAt={conflict.draftUpdatedAt}
          busy={save.isPending}
          onKeepMine={(current) => void saveDraft(current.draftRevision)}
          onTakeTheirs={(current) => {
            setConflict(null);
            loadDraft(current);
            qc.setQueryData(contentKeys.detail('frameworks', current.id), current);
          }}
          renderTheirs={(current) => (
            <Stack gap="xs">
              <Text size="sm">What your version changes compared with theirs:</Text>
              <FrameworkDiffView
                diff={diffFrameworks(current.draft, form.getValues())}
                label="Your changes compared with theirs"
              />
            </Stack>
          )}
        />
      ) : null}

      {saveError ? <ErrorAlert>{saveError}</ErrorAlert> : null}

      {problems.length > 0 ? (
        <ErrorAlert
          title={`${plural(problems.length, 'problem')} to fix before the draft can be saved`}
        >
          <DocumentProblemsList
            problems={problems}
            document={values}
            label="Problems in the draft"
            onSelect={(p) => {
              setView('edit');
              select(refOfPath(toFormPath(p.path)));
            }}
          />
        </ErrorAlert>
      ) : null}

      <SegmentedControl
        aria-label="Editor view"
        value={view}
        onChange={(v) => setView(v as 'edit' | 'versions')}
        data={[
          { value: 'edit', label: 'Edit draft' },
          { value: 'versions', label: `Versions (${detail.versions.length})` },
        ]}
        w="fit-content"
        maw="100%"
      />

      {view === 'edit' ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Box style={sideBySide ? { position: 'sticky', top: 72 } : undefined}>
              <FrameworkTree
                rows={rows}
                selected={node ? selected : ROOT_REF}
                problems={problemCounts}
                onSelect={select}
                onToggle={toggle}
                onExpandAll={() => setCollapsed(new Set())}
                onCollapseAll={() => setCollapsed(new Set(sectionKeys(values.sections)))}
                onAddSection={() => applyTree(addSection(values.sections, null, reserved))}
                rootLabel="Framework details"
              />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Box ref={formPane} style={{ scrollMarginTop: 80 }}>
              <Paper withBorder p="md" component="section" aria-label={paneTitle}>
                <Stack gap="md">
                  <Title order={3} size="h4" style={NAME_WRAP}>
                    {paneTitle}
                  </Title>
                  {pane}
                </Stack>
              </Paper>
            </Box>
          </Grid.Col>
        </Grid>
      ) : (
        <VersionHistory detail={detail} dirty={dirty} />
      )}

      <PublishModal
        opened={publishing}
        onClose={() => setPublishing(false)}
        detail={detail}
        revision={revision}
        onStale={() => void query.refetch().then((r) => r.data && loadDraft(r.data))}
      />
      <UnsavedChangesPrompt when={dirty} />
    </Stack>
  );
}
