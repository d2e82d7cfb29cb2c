import {
  CONTENT_ERROR_CODES,
  CONTENT_LIMITS,
  FRAMEWORK_LIMITS,
  PLAYBOOK_PRIORITIES,
  PlaybookContentSchema,
  type Playbook,
} from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useDeletePlaybook } from '../../api/playbooks/delete-playbook.ts';
import { useSetPlaybookPublished } from '../../api/playbooks/publish-playbook.ts';
import { stalePlaybook, useSavePlaybook } from '../../api/playbooks/save-playbook.ts';
import {
  formValuesOf,
  moveItem,
  newStep,
  toSaveBody,
  type PlaybookFormValues,
} from '../../lib/playbooks/playbook-form.ts';
import { PRIORITY_LABELS, ScopeBadge, StatusBadge } from './ContentBadges.tsx';
import { SortableSteps } from './SortableSteps.tsx';
import { StepCard } from './StepCard.tsx';

export type InsertImageHandler = (
  insert: (markdown: string) => void,
  options: { scope: Playbook['scope'] },
) => void;

interface PlaybookEditorProps {
  playbook: Playbook;
  /** The list's URL (after a delete, "All playbooks"). */
  listHref: string;
  onInsertImage?: InsertImageHandler;
}

const validate = schemaResolver(PlaybookContentSchema, { sync: true });

function message(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/** Their version, read-only, for the conflict view. */
function PlaybookPreview({ playbook }: { playbook: Playbook }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>{playbook.title}</Text>
      {playbook.summary ? <Text size="sm">{playbook.summary}</Text> : null}
      <ol style={{ margin: 0, paddingLeft: 20 }}>
        {playbook.steps.map((s, i) => (
          <li key={i}>
            <Text size="sm" fw={500}>
              {s.title}
            </Text>
            {s.body ? <Markdown fz="sm">{s.body}</Markdown> : null}
          </li>
        ))}
      </ol>
    </Stack>
  );
}

/**
 * The playbook editor: title, summary, priority, tags and ordered steps (drag and drop or the
 * move buttons); saved whole on the revision it was loaded from (a conflict shows who saved
 * meanwhile, and keeps mine or takes theirs); publish, unpublish, delete with a confirm.
 */
export function PlaybookEditor({ playbook, listHref, onInsertImage }: PlaybookEditorProps) {
  const navigate = useNavigate();
  const save = useSavePlaybook(playbook.id);
  const publish = useSetPlaybookPublished(playbook.id);
  const remove = useDeletePlaybook(playbook.id);
  /** The server's version the form was loaded from (its revision goes with the next save). */
  const [base, setBase] = useState(playbook);
  const [conflict, setConflict] = useState<Playbook | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [moved, setMoved] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<PlaybookFormValues>({ initialValues: formValuesOf(playbook), validate });
  const { values } = form;
  const dirty = form.isDirty();
  const busy = save.isPending || publish.isPending;

  const insertImage = useCallback(
    (insert: (markdown: string) => void) => onInsertImage?.(insert, { scope: playbook.scope }),
    [onInsertImage, playbook.scope],
  );

  function loaded(next: Playbook, formValues: PlaybookFormValues) {
    setBase(next);
    form.setInitialValues(formValues);
    form.resetDirty(formValues);
  }

  /** Saves the form on `revision`; the saved playbook, or null (the reason is on screen). */
  async function saveOn(revision: number): Promise<Playbook | null> {
    setFormError(null);
    const formValues = form.getValues();
    try {
      const saved = await save.mutateAsync(toSaveBody(formValues, revision));
      loaded(saved, formValues);
      setConflict(null);
      return saved;
    } catch (err) {
      const current = await stalePlaybook(playbook.id, err).catch(() => null);
      if (current) {
        setConflict(current);
        return null;
      }
      applyServerErrors(form, err);
      setFormError(message(err));
      notifications.show({ color: 'red', message: 'The playbook was not saved.' });
      return null;
    }
  }

  async function submit() {
    if (await saveOn(base.revision)) {
      notifications.show({ color: 'green', message: 'Playbook saved.' });
    }
  }

  function showErrors(errors: FormErrors) {
    // A problem in a step's instructions shows only when they are open.
    const steps = new Set(
      Object.keys(errors)
        .map((k) => /^steps\.(\d+)\.body$/.exec(k)?.[1])
        .filter((i) => i !== undefined)
        .map((i) => values.steps[Number(i)]?.uid)
        .filter((uid): uid is string => uid !== undefined),
    );
    if (steps.size) setExpanded((e) => new Set([...e, ...steps]));
    setFormError('Some fields need attention.');
  }

  async function togglePublished() {
    const publishing = base.status !== 'published';
    let current = base;
    if (publishing && dirty) {
      const validation = form.validate();
      if (validation.hasErrors) return showErrors(validation.errors);
      const saved = await saveOn(base.revision);
      if (!saved) return;
      current = saved;
    }
    try {
      const next = await publish.mutateAsync({ publish: publishing, revision: current.revision });
      setBase(next);
      notifications.show({
        color: 'green',
        message: publishing
          ? 'Playbook published: every reader of its scope sees it now.'
          : 'Playbook unpublished: only its authors see it now.',
      });
    } catch (err) {
      const latest = await stalePlaybook(playbook.id, err).catch(() => null);
      if (latest) return setConflict(latest);
      const nothing = err instanceof ApiError && err.code === CONTENT_ERROR_CODES.nothingToPublish;
      notifications.show({
        color: nothing ? 'gray' : 'red',
        message: nothing ? 'This version is already published.' : message(err),
      });
    }
  }

  function takeTheirs(current: Playbook) {
    const theirs = formValuesOf(current);
    form.setValues(theirs);
    loaded(current, theirs);
    setConflict(null);
    setFormError(null);
    notifications.show({ message: 'Their version is loaded; your changes were discarded.' });
  }

  async function keepMine(current: Playbook) {
    if (await saveOn(current.revision)) {
      notifications.show({ color: 'green', message: 'Playbook saved with your changes.' });
    }
  }

  async function confirmDeletion() {
    setDeleteError(null);
    try {
      await remove.mutateAsync();
      form.resetDirty();
      notifications.show({ color: 'green', message: `“${base.title}” was deleted.` });
      setConfirmDelete(false);
      void navigate(listHref);
    } catch (err) {
      setDeleteError(
        err instanceof ApiError && err.code === CONTENT_ERROR_CODES.inUse
          ? 'Framework questions link to this playbook, so it cannot be deleted. Remove those links first, or unpublish it.'
          : message(err),
      );
    }
  }

  function moveStep(from: number, to: number) {
    if (to < 0 || to >= values.steps.length || from === to) return;
    form.setFieldValue('steps', moveItem(form.getValues().steps, from, to));
    setMoved(`Step ${from + 1} moved to position ${to + 1} of ${values.steps.length}.`);
  }

  function addStep() {
    const step = newStep();
    form.insertListItem('steps', step);
    setExpanded((e) => new Set([...e, step.uid]));
  }

  const toggle = (uid: string) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirty} />
      <div>
        <Anchor component={Link} to={listHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All playbooks
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" mt="xs" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {values.title.trim() || 'Untitled playbook'}
            </Title>
            <Group gap={6} mt={4}>
              <ScopeBadge scope={base.scope} />
              <StatusBadge status={base.status} />
              {dirty ? (
                <Badge color="yellow" variant="light" size="sm">
                  Unsaved changes
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                Key <code>{base.key}</code> · saved {base.updatedBy ? `by ${base.updatedBy} ` : ''}
                <time dateTime={base.updatedAt}>{formatDateTime(base.updatedAt)}</time>
              </Text>
            </Group>
          </div>
          <Group gap="xs">
            <Button
              variant={base.status === 'published' ? 'default' : 'light'}
              onClick={() => void togglePublished()}
              loading={publish.isPending}
              disabled={busy && !publish.isPending}
            >
              {base.status === 'published' ? 'Unpublish' : dirty ? 'Save and publish' : 'Publish'}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setDeleteError(null);
                setConfirmDelete(true);
              }}
            >
              Delete
            </Button>
          </Group>
        </Group>
      </div>

      {conflict ? (
        <RevisionConflict
          current={conflict}
          noun="playbook"
          savedBy={conflict.updatedBy}
          savedAt={conflict.updatedAt}
          onKeepMine={(c) => void keepMine(c)}
          onTakeTheirs={takeTheirs}
          busy={save.isPending}
          renderTheirs={(c) => <PlaybookPreview playbook={c} />}
        />
      ) : null}

      <form
        onSubmit={form.onSubmit(() => void submit(), showErrors)}
        noValidate
        aria-label="Playbook"
      >
        <Stack gap="lg">
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <Card withBorder padding="md">
            <Stack gap="sm">
              <TextInput
                label="Title"
                required
                maxLength={CONTENT_LIMITS.title}
                {...form.getInputProps('title')}
              />
              <Textarea
                label="Summary"
                description="One or two sentences: the gap it closes and the outcome."
                autosize
                minRows={2}
                maxRows={6}
                maxLength={CONTENT_LIMITS.summary}
                {...form.getInputProps('summary')}
              />
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label="Priority"
                  data={PLAYBOOK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
                  allowDeselect={false}
                  {...form.getInputProps('priority')}
                  miw={160}
                />
                <TagsInput
                  label="Tags"
                  description={`Up to ${FRAMEWORK_LIMITS.tags}; press Enter after each.`}
                  maxTags={FRAMEWORK_LIMITS.tags}
                  clearable
                  {...form.getInputProps('tags')}
                  error={
                    form.errors.tags ??
                    Object.entries(form.errors).find(([k]) => k.startsWith('tags.'))?.[1]
                  }
                  miw={200}
                />
              </Group>
            </Stack>
          </Card>

          <section aria-labelledby="playbook-steps-title">
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4" id="playbook-steps-title">
                Steps ({values.steps.length})
              </Title>
            </Group>
            <VisuallyHidden role="status" aria-live="polite">
              {moved}
            </VisuallyHidden>
            {values.steps.length === 0 ? (
              <Card withBorder padding="lg" mb="sm">
                <Text c="dimmed" ta="center" size="sm">
                  No steps yet. Add the first thing your team does to close the gap.
                </Text>
              </Card>
            ) : (
              <SortableSteps
                items={values.steps}
                onMove={moveStep}
                nameOf={(s, i) => `step ${i + 1}${s.title.trim() ? `, ${s.title.trim()}` : ''}`}
              >
                {(step, index, handle) => (
                  <StepCard
                    form={form}
                    step={step}
                    index={index}
                    count={values.steps.length}
                    handle={handle}
                    expanded={expanded.has(step.uid)}
                    onToggle={() => toggle(step.uid)}
                    onMove={(to) => moveStep(index, to)}
                    onDelete={() => form.removeListItem('steps', index)}
                    onInsertImage={onInsertImage ? insertImage : undefined}
                  />
                )}
              </SortableSteps>
            )}
            {form.errors.steps ? (
              <Text size="sm" c="red" mt="xs">
                {form.errors.steps}
              </Text>
            ) : null}
            {values.steps.length < CONTENT_LIMITS.steps ? (
              <Button
                mt="sm"
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={addStep}
              >
                Add step
              </Button>
            ) : null}
          </section>

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || busy}
              onClick={() => {
                form.reset();
                setFormError(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={publish.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete “${base.title}”?`}
      >
        <Stack>
          <Text size="sm">
            {base.status === 'published' ? 'It is published: readers lose it at once. ' : ''}
            The playbook and its steps are deleted. This cannot be undone.
          </Text>
          {deleteError ? <ErrorAlert>{deleteError}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDeletion()}>
              Delete playbook
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
